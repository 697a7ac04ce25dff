import { parseSiteHost, type SiteHost } from '../../../runtime/http/site-hosts.ts';
import { splitList } from '../../options/split-list.ts';
import { EnvironmentSettingError } from '../../whole-number-from-environment.ts';

/** Reads DOCSMITH_SITE_HOSTS (`docs.acme.com=acme,docs.beta.dev=beta`). */
export function siteHostsFromEnvironment(environment: NodeJS.ProcessEnv): SiteHost[] {
  return splitList(environment.DOCSMITH_SITE_HOSTS ?? '').map((value) => {
    try {
      return parseSiteHost(value);
    } catch (error) {
      throw new EnvironmentSettingError(`DOCSMITH_SITE_HOSTS: ${(error as Error).message}`);
    }
  });
}
