import { InvalidArgumentError } from 'commander';
import { parseTrustProxy, type TrustProxy } from '../../runtime/http/client-address.ts';

/** A commander parser of `--trust-proxy`: a hop count or addresses/CIDRs, a malformed one a usage error. */
export function parseTrustProxyOption(value: string): TrustProxy {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}
