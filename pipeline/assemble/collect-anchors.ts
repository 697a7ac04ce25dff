import { createHash } from 'node:crypto';
import slugify from '@sindresorhus/slugify';
import { headingAnchor } from '../content/anchor-slugger.ts';
import { isParseFailure } from '../content/parse-failure.ts';
import type { ParsedPage } from '../content/parsed-page.ts';
import type { NavigationPageEntry } from '../navigation/navigation-page-entry.ts';
import { pagePathForFile } from '../site/load-site.ts';
import { decodeEntities, titledComponentAnchors } from './titled-component-anchors.ts';

/** `id="x"` / `id='x'` / `id={"x"}` on an HTML or JSX element: a link target besides the headings. */
const ELEMENT_ID = /\bid=\{?\s*["'`]([^"'`]+)["'`]/g;
/**
 * `<ParamField body="limit">` and `<ResponseField name="thumbnails.background">`: the platform anchors each field at
 * `param-<name>` slugged, a repeated name at `param-<name>-1`, `-2`… (its own docs link `#param-thumbnails-background`;
 * `fieldSlug`); a ParamField is also known as `<kind>-<name>` (`body-limit`), as API pages name parameters.
 */
const FIELD = /<(?:ParamField|ResponseField)\b[^>]*?\b(body|query|path|header|cookie|name)=["']([^"']+)["']/g;
/** `<Update label="…" description="…">`: a changelog entry is a link target under its label and its description. */
const UPDATE_TAG = /<Update\b[^>]*>/g;
const UPDATE_TITLE = /\b(?:label|description)=["']([^"']+)["']/g;

/**
 * The anchors each route offers, by `anchorKey`: heading and section anchors of its page, element ids,
 * ParamField, ResponseField and Update anchors and the ids of titled tabs, accordions, views and steps found in the page text
 * and in the snippets it imports. A page file is known by its own route and by every
 * navigation route that names it; `x/index` also as `x`. Pages that document an API operation (endpoint pages,
 * frontmatter `openapi`/`api`) get anchors for every parameter from the platform and are left unchecked, and so are
 * pages that failed to parse.
 * Copies of a page (same text, one shared parse) are scanned once and their routes share one read-only map.
 * A page whose `pageAnchorsKey` is in `previous` (what an earlier build returned as `byPage`) takes that map unscanned.
 */
export function collectAnchors(
  pages: Iterable<ParsedPage>,
  entries: readonly NavigationPageEntry[],
  readText: (file: string) => string | undefined,
  previous: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(),
): CollectedAnchors {
  const anchors = new Map<string, ReadonlyMap<string, string>>();
  /** Maps made for one route by merging several pages' anchors; any other map is shared and copied before a merge. */
  const merged = new Set<ReadonlyMap<string, string>>();
  const byFile = new Map<string, ReadonlyMap<string, string>>();
  const byPage = new Map<string, ReadonlyMap<string, string>>();
  const pageAnchors = distinctPageAnchors(readText, previous, byPage);
  const add = (route: string, keyed: ReadonlyMap<string, string>): void => {
    for (const alias of route.endsWith('/index') ? [route, route.slice(0, -'/index'.length)] : [route]) {
      const known = anchors.get(alias);
      if (known === undefined) {
        anchors.set(alias, keyed);
        continue;
      }
      if (known === keyed) continue;
      const target = merged.has(known) ? (known as Map<string, string>) : new Map(known);
      for (const [key, name] of keyed) if (!target.has(key)) target.set(key, name);
      merged.add(target);
      anchors.set(alias, target);
    }
  };
  for (const page of pages) {
    if (typeof page.frontmatter.openapi === 'string' || typeof page.frontmatter.api === 'string') continue;
    // A page that did not parse has no known headings: links into it are not judged (its parse error is reported).
    if (page.diagnostics.some(isParseFailure)) continue;
    const keyed = pageAnchors(page);
    byFile.set(page.file, keyed);
    add(pagePathForFile(page.file), keyed);
  }
  for (const entry of entries) {
    const keyed = entry.file ? byFile.get(entry.file) : undefined;
    if (keyed) add(entry.route, keyed);
  }
  return { byRoute: anchors, byPage };
}

/** What `collectAnchors` returns: the anchors of each route, and of each page scanned by its `pageAnchorsKey`. */
export interface CollectedAnchors {
  byRoute: Map<string, ReadonlyMap<string, string>>;
  byPage: Map<string, ReadonlyMap<string, string>>;
}

/**
 * What a page's anchors are a function of, hashed: its file (the parse of a text can depend on its path), the files
 * it imports, and the text of each (a missing one told from an empty one). The parse is itself a function of these.
 */
function pageAnchorsKey(page: ParsedPage, texts: readonly (string | undefined)[]): string {
  const hash = createHash('sha256');
  hash.update(`${page.kind}\u0000${page.file}\u0000${page.imports.join('\u0000')}`);
  for (const text of texts)
    hash.update(text === undefined ? '\u0000-' : `\u0000+${text.length}\u0000`).update(text ?? '');
  return hash.digest('base64');
}

/**
 * The anchors of a page by `anchorKey` (the first name of each key), computed once per distinct page: copies of a
 * page text share one parse (`parseUniquePages`), hence its `headings` and `sections` arrays, and get one map.
 */
function distinctPageAnchors(
  readText: (file: string) => string | undefined,
  previous: ReadonlyMap<string, ReadonlyMap<string, string>>,
  byPage: Map<string, ReadonlyMap<string, string>>,
): (page: ParsedPage) => ReadonlyMap<string, string> {
  /** Slugs of component titles, shared by the pages of this call (`titledComponentAnchors`). */
  const slugs = new Map<string, string>();
  const byParse = new Map<
    ParsedPage['sections'],
    { headings: ParsedPage['headings']; keyed: ReadonlyMap<string, string> }[]
  >();
  return (page) => {
    const candidates = byParse.get(page.sections) ?? [];
    const known = candidates.find((candidate) => candidate.headings === page.headings);
    if (known) return known.keyed;
    const texts = [page.file, ...page.imports].map(readText);
    const key = pageAnchorsKey(page, texts);
    const keyed = previous.get(key) ?? scanPageAnchors(page, texts, slugs);
    byPage.set(key, keyed);
    candidates.push({ headings: page.headings, keyed });
    byParse.set(page.sections, candidates);
    return keyed;
  };
}

/** The anchors of one page by `anchorKey`, from its parse and the texts of its file and of the files it imports. */
function scanPageAnchors(
  page: ParsedPage,
  texts: readonly (string | undefined)[],
  slugs: Map<string, string>,
): ReadonlyMap<string, string> {
  // Components of the snippets a page imports render on the page: their tabs and fields are its link targets too.
  const text = texts.map((item) => item ?? '').join('\n');
  const names = [
    ...[...page.headings, ...page.sections].map((item) => item.anchor),
    // Levels 5 and 6 are cited by the heading above them (the platform lists them in no table of contents), but
    // sites link to them by their own slug, and what the platform's client renders for them cannot be read here.
    ...page.headings.filter((heading) => heading.depth > 4).map((heading) => headingAnchor(heading.text)),
    ...[...text.matchAll(ELEMENT_ID)].map((match) => decodeEntities(match[1] ?? '')),
    ...fieldAnchors(text),
    // An Update's label and description, slugged as a heading is.
    ...[...text.matchAll(UPDATE_TAG)].flatMap((tag) =>
      [...tag[0].matchAll(UPDATE_TITLE)].map((match) => headingAnchor(match[1] ?? '')),
    ),
    ...titledComponentAnchors(text, slugs),
  ];
  const keyed = new Map<string, string>();
  for (const name of names) {
    const key = anchorKey(name);
    if (key !== '' && !keyed.has(key)) keyed.set(key, name);
  }
  return keyed;
}

/**
 * How anchors are compared: lower case, letters and digits only. Slug rules differ in how they treat
 * punctuation (`ollama.com` → `ollamacom` or `ollama-com`); the letters and digits do not.
 */
export function anchorKey(anchor: string): string {
  let decoded = anchor;
  try {
    decoded = decodeURIComponent(anchor);
  } catch {
    decoded = anchor;
  }
  return decoded.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The anchors of a page's ParamField and ResponseField elements, in order (see `FIELD`). */
function fieldAnchors(text: string): string[] {
  const seen = new Map<string, number>();
  return [...text.matchAll(FIELD)].flatMap((match) => {
    const [, kind = '', name = ''] = match;
    // The platform counts repeats of the slug, not of the name as written.
    const base = fieldSlug(name, 0);
    const repeats = seen.get(base) ?? 0;
    seen.set(base, repeats + 1);
    const param = fieldSlug(name, repeats);
    return kind === 'name' ? [param] : [`${kind}-${name}`, param];
  });
}

/** Field slugs by name and repeat: the library builds its regular expressions on every call. */
const fieldSlugs = new Map<string, string>();

/**
 * The platform's id of a field (`generateParamFieldId` of `@mintlify/common`): `param-<name>`, `_<n>` after a repeat,
 * slugged by `@sindresorhus/slugify` with `decamelize`, which transliterates (`Descrição` → `param-descricao`,
 * `Größe` → `param-groesse`, `a&b` → `param-a-and-b`) and drops what it cannot.
 */
function fieldSlug(name: string, repeats: number): string {
  const field = repeats > 0 ? `param-${name}_${repeats}` : `param-${name}`;
  let slug = fieldSlugs.get(field);
  if (slug === undefined) {
    slug = slugify(field, { decamelize: true, separator: '-' });
    if (fieldSlugs.size >= 20_000) fieldSlugs.clear();
    fieldSlugs.set(field, slug);
  }
  return slug;
}
