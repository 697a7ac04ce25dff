/** The schema's pattern for hex colors, reported as `invalid-color`. */
export const HEX_PATTERN = '^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$';
/** The schema's pattern for spec sources (a path or an http(s) URL), reported as `invalid-spec-source`. */
export const SPEC_SOURCE_PATTERN = '^(?:https?://|(?![A-Za-z][A-Za-z0-9+.-]*:))';
/** The schema's pattern for asset paths (a file with its extension), reported as `invalid-asset-path`. */
export const ASSET_PATH_PATTERN = '^[^?#]*\\.[A-Za-z0-9]+(?:[?#].*)?$';
/** What the schema's other patterns expect, in words. */
export const PATTERN_NAMES: Record<string, string> = {
  '^G': 'an id starting with G',
  '^phc_': 'a key starting with phc_',
  '^[^/]': 'a path without a leading /',
  '^[a-zA-Z][a-zA-Z0-9+.-]*:': 'an external URL (https://…)',
};
/** What the schema's formats expect, in words. */
export const FORMAT_NAMES: Record<string, string> = {
  uri: 'an absolute URL (https://…)',
  'uri-reference': 'a URL or a path',
};

/** The hint for a missing required field, where one helps. */
export function hintForMissing(field: string): string | undefined {
  const hints: Record<string, string> = {
    theme: 'Add "theme": "mint" (or maple, palm, willow, linden, almond, aspen, luma, sequoia).',
    name: 'Add "name": "Your product".',
    colors: 'Add "colors": { "primary": "#16A34A" }.',
    primary: 'Add a primary color such as "#16A34A".',
    navigation: 'Add "navigation": { "pages": ["index"] }.',
  };
  return hints[field];
}

/** The hint for a value that does not match the schema's pattern, where one helps. */
export function patternHint(pattern: string): string | undefined {
  if (pattern === '^G') return 'Measurement and tag ids start with G, e.g. G-ABC123.';
  if (pattern === '^phc_') return 'PostHog project keys start with phc_.';
  if (pattern === '^[^/]') return 'Write the folder relative to the site root, without a leading /.';
  return undefined;
}
