import { InvalidArgumentError } from 'commander';
import { parseWholeNumber } from '../whole-number-from-environment.ts';

/** A commander parser of a `--port` flag: 0 to 65535. */
export function parsePort(value: string): number {
  const port = parseWholeNumber(value);
  if (port === undefined || port > 65_535)
    throw new InvalidArgumentError(`Unexpected ${value}, expected a port number (0 to 65535)`);
  return port;
}
