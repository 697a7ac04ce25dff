/** Top-level mint.json settings and where docs.json keeps them. */
const TOP_LEVEL: Record<string, string> = {
  topbarLinks: '`navbar.links` (each with `label` and `href`)',
  topbarCtaButton: '`navbar.primary` (with `type`, `label` and `href`)',
  footerSocials: '`footer.socials`',
  modeToggle: '`appearance` (`default`, `strict`)',
  analytics: '`integrations`',
  openapi: '`api.openapi`, or `openapi` on a navigation element',
  tabs: '`navigation.tabs`',
  anchors: '`navigation.anchors` (links: `navigation.global.anchors`)',
  versions: '`navigation.versions`',
  topAnchor: 'the first entry of `navigation.anchors`',
  primaryTab: 'the first entry of `navigation.tabs`',
};

/** mint.json keys docs.json renamed below the top level, by the pointer of the object holding them. */
const NESTED: Record<string, Record<string, string>> = {
  '/api/playground': { mode: '`display` (`interactive`, `simple`, `none`)' },
};

/** mint.json keys of a tab or anchor and their docs.json names. */
const ELEMENT_KEYS: Record<string, (kind: string) => string> = {
  name: (kind) => `\`${kind}\``,
  url: () => '`href` for a link, or `pages`/`groups` for a section of the site',
};

/**
 * The hint for a key docs.json does not know but the legacy mint.json did (`topbarLinks` at the top level,
 * `api.playground.mode`, `name` and `url` on a tab or anchor): where docs.json keeps that setting. Undefined for any
 * other key.
 */
export function mintJsonKeyHint(parentPointer: string, key: string): string | undefined {
  const docsJsonName =
    parentPointer === ''
      ? Object.hasOwn(TOP_LEVEL, key)
        ? TOP_LEVEL[key]
        : undefined
      : (NESTED[parentPointer]?.[key] ?? elementKey(parentPointer, key));
  return docsJsonName === undefined
    ? undefined
    : `\`${key}\` is a mint.json setting; docs.json writes it as ${docsJsonName}. \`docsmith upgrade\` converts a whole mint.json.`;
}

function elementKey(parentPointer: string, key: string): string | undefined {
  const kind = /\/(tabs|anchors)\/\d+$/.exec(parentPointer)?.[1];
  if (kind === undefined || !Object.hasOwn(ELEMENT_KEYS, key)) return undefined;
  return ELEMENT_KEYS[key]?.(kind === 'tabs' ? 'tab' : 'anchor');
}
