import { InvalidArgumentError } from 'commander';
import { parseSiteHost, type SiteHost } from '../../runtime/http/site-hosts.ts';

/** A commander collector of `--site-host`: each value parsed, a malformed one a usage error. */
export function collectSiteHost(value: string, previous: SiteHost[]): SiteHost[] {
  try {
    return [...previous, parseSiteHost(value)];
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}
