import { escapePointer } from '../site-model/json-pointer.ts';
import { type Json, jsonRecord } from './json-record.ts';
import { upgradeMintApi } from './upgrade-mint-api.ts';
import { upgradeMintNavigation } from './upgrade-mint-navigation.ts';
import type { OriginRecorder } from './upgrade-mint-node-origins.ts';

/** A legacy mint.json read as docs.json. */
export interface UpgradedMintConfig {
  /** The equivalent docs.json configuration. */
  config: Record<string, unknown>;
  /** docs.json JSON pointer → the mint.json pointer it came from (for positions in mint.json). */
  origins: Map<string, string>;
  /** mint.json keys with no docs.json equivalent, not carried over (e.g. `feedback`, `colors.anchors`). */
  dropped: string[];
}

/** Top-level mint.json keys handled below (the rest are reported as dropped). */
const MAPPED_KEYS = new Set([
  '$schema',
  'name',
  'theme',
  'logo',
  'favicon',
  'colors',
  'navigation',
  'tabs',
  'anchors',
  'topAnchor',
  'primaryTab',
  'versions',
  'openapi',
  'topbarLinks',
  'topbarCtaButton',
  'footerSocials',
  'analytics',
  'integrations',
  'redirects',
  'seo',
  'metadata',
  'search',
  'modeToggle',
  'backgroundImage',
  'background',
  'font',
  'codeBlock',
  'api',
  'description',
]);
/** mint.json's chat integrations are their id as a string; docs.json names the id (the platform's `upgradeToDocsConfig`). */
const LEGACY_INTEGRATION_IDS: Record<string, string> = { intercom: 'appId', frontchat: 'snippetId' };

/**
 * Maps a legacy mint.json to the docs.json model, the way the platform's `mint upgrade` does: settings move to
 * their docs.json names (`topbarLinks` → `navbar.links`, `footerSocials` → `footer.socials`, `analytics` →
 * `integrations`, `modeToggle` → `appearance`, …) and the navigation becomes nested versions/tabs/anchors/groups
 * (see `upgradeMintNavigation`). The theme is `mint` (legacy themes have no docs.json counterpart). Pure.
 */
export function upgradeMintConfig(mint: Json): UpgradedMintConfig {
  const origins = new Map<string, string>();
  const origin: OriginRecorder = (target, source, value) => {
    origins.set(target, source);
    if (Array.isArray(value)) value.forEach((item, index) => origin(`${target}/${index}`, `${source}/${index}`, item));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value))
        origin(`${target}/${escapePointer(key)}`, `${source}/${escapePointer(key)}`, item);
  };
  const dropped = Object.keys(mint).filter((key) => !MAPPED_KEYS.has(key));
  const config: Json = { $schema: 'https://mintlify.com/docs.json', theme: 'mint' };
  origin('/$schema', '');
  origin('/theme', mint.theme === undefined ? '' : '/theme');
  const copy = (sourceKey: string, targetPointer: string, value: unknown = mint[sourceKey]): unknown => {
    origin(targetPointer, `/${sourceKey}`, value);
    return value;
  };
  const set = (target: Json, key: string, value: unknown): void => {
    if (value !== undefined) target[key] = value;
  };

  set(config, 'name', mint.name === undefined ? undefined : copy('name', '/name'));
  if (mint.description !== undefined) set(config, 'description', copy('description', '/description'));
  const colors = jsonRecord(mint.colors);
  // `anchors`, `ultraLight` and `ultraDark` colours have no docs.json key (the platform's legacy schema only tolerates the last two).
  const LEGACY_ONLY_COLORS = ['anchors', 'ultraLight', 'ultraDark'];
  const docsColors = Object.fromEntries(
    Object.entries(colors).filter(([key]) => key !== 'background' && !LEGACY_ONLY_COLORS.includes(key)),
  );
  const backgroundColor = colors.background;
  for (const key of LEGACY_ONLY_COLORS) if (colors[key] !== undefined) dropped.push(`colors.${key}`);
  config.colors = docsColors;
  origin('/colors', '/colors', docsColors);
  if (mint.logo !== undefined) config.logo = copy('logo', '/logo');
  if (mint.favicon !== undefined) config.favicon = copy('favicon', '/favicon');

  config.navigation = upgradeMintNavigation(mint, origin, dropped);

  const navbar: Json = {};
  if (Array.isArray(mint.topbarLinks)) {
    navbar.links = mint.topbarLinks.map((link: unknown, index) => {
      const entry = jsonRecord(link);
      origin(`/navbar/links/${index}`, `/topbarLinks/${index}`);
      origin(`/navbar/links/${index}/label`, `/topbarLinks/${index}/name`);
      origin(`/navbar/links/${index}/href`, `/topbarLinks/${index}/url`);
      return { label: entry.type === 'github' ? (entry.name ?? 'GitHub') : entry.name, href: entry.url };
    });
  }
  const cta = mint.topbarCtaButton === undefined ? undefined : jsonRecord(mint.topbarCtaButton);
  if (cta) {
    origin('/navbar/primary', '/topbarCtaButton');
    origin('/navbar/primary/href', '/topbarCtaButton/url');
    navbar.primary =
      cta.type === 'github' ? { type: 'github', href: cta.url } : { type: 'button', label: cta.name, href: cta.url };
  }
  if (Object.keys(navbar).length > 0) config.navbar = navbar;

  if (mint.footerSocials !== undefined) {
    const socials = Array.isArray(mint.footerSocials)
      ? Object.fromEntries(
          mint.footerSocials.map((social: unknown) => [String(jsonRecord(social).type), jsonRecord(social).url]),
        )
      : jsonRecord(mint.footerSocials);
    config.footer = { socials };
    origin('/footer', '/footerSocials', Array.isArray(mint.footerSocials) ? undefined : socials);
  }
  const integrations: Json = { ...jsonRecord(mint.analytics) };
  if (mint.analytics !== undefined) origin('/integrations', '/analytics', mint.analytics);
  for (const [key, value] of Object.entries(jsonRecord(mint.integrations))) {
    const pointer = `/integrations/${escapePointer(key)}`;
    const idKey =
      typeof value === 'string' && Object.hasOwn(LEGACY_INTEGRATION_IDS, key) && LEGACY_INTEGRATION_IDS[key];
    integrations[key] = idKey ? { [idKey]: value } : value;
    origin(pointer, pointer, value);
    if (idKey) origin(`${pointer}/${idKey}`, pointer);
  }
  if (Object.keys(integrations).length > 0) config.integrations = integrations;
  if (mint.redirects !== undefined) config.redirects = copy('redirects', '/redirects');

  const seo: Json = {};
  if (mint.metadata !== undefined) seo.metatags = copy('metadata', '/seo/metatags');
  if (jsonRecord(mint.seo).indexHiddenPages === true) {
    seo.indexing = 'all';
    origin('/seo/indexing', '/seo/indexHiddenPages');
  }
  if (Object.keys(seo).length > 0) config.seo = seo;
  // The platform's upgrade keeps the search prompt only (`location`, top or side, is no docs.json key).
  const searchPrompt = jsonRecord(mint.search).prompt;
  if (searchPrompt) {
    config.search = { prompt: searchPrompt };
    origin('/search', '/search');
    origin('/search/prompt', '/search/prompt', searchPrompt);
  }

  const modeToggle = jsonRecord(mint.modeToggle);
  if (Object.keys(modeToggle).length > 0) {
    config.appearance = {
      ...(modeToggle.default === undefined ? {} : { default: modeToggle.default }),
      ...(modeToggle.isHidden === undefined ? {} : { strict: modeToggle.isHidden }),
    };
    origin('/appearance', '/modeToggle');
  }
  const background: Json = {};
  if (mint.backgroundImage !== undefined) background.image = copy('backgroundImage', '/background/image');
  if (jsonRecord(mint.background).style !== undefined) {
    background.decoration = jsonRecord(mint.background).style;
    origin('/background/decoration', '/background/style');
  }
  if (backgroundColor !== undefined) {
    background.color = backgroundColor;
    origin('/background/color', '/colors/background', backgroundColor);
  }
  if (Object.keys(background).length > 0) config.background = background;
  if (mint.font !== undefined) config.fonts = upgradeFont(mint.font, '/fonts', '/font', origin);
  const codeBlockMode = jsonRecord(mint.codeBlock).mode;
  if (codeBlockMode !== undefined) {
    config.styling = { codeblocks: codeBlockMode === 'dark' ? 'dark' : 'system' };
    origin('/styling/codeblocks', '/codeBlock/mode');
  }

  const api = upgradeMintApi(mint, origin, dropped);
  if (Object.keys(api).length > 0) config.api = api;
  return { config, origins, dropped };
}

/** mint.json `font` → docs.json `fonts`: `url` is `source` and `headings` is `heading`, at the top and inside `headings`/`body`. */
function upgradeFont(font: unknown, target: string, source: string, origin: OriginRecorder): unknown {
  if (!font || typeof font !== 'object' || Array.isArray(font)) {
    origin(target, source, font);
    return font;
  }
  origin(target, source);
  const fonts: Json = {};
  for (const [key, value] of Object.entries(font)) {
    const name = key === 'url' ? 'source' : key === 'headings' ? 'heading' : key;
    const at = `${target}/${escapePointer(name)}`;
    const from = `${source}/${escapePointer(key)}`;
    if (key === 'headings' || key === 'heading' || key === 'body') fonts[name] = upgradeFont(value, at, from, origin);
    else {
      fonts[name] = value;
      origin(at, from, value);
    }
  }
  return fonts;
}
