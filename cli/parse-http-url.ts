import { InvalidArgumentError } from 'commander';

/** Commander parser of an option holding an http(s) URL; throws an InvalidArgumentError for anything else. */
export function parseHttpUrl(value: string): string {
  const protocol = URL.canParse(value) ? new URL(value).protocol : '';
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new InvalidArgumentError('expected an http:// or https:// URL');
  return value;
}
