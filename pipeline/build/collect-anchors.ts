import type { ParsedPage } from '../content/parsed-page.ts';
import type { NavigationPageEntry } from '../navigation/navigation-page-entry.ts';
import { pagePathForFile } from '../site/load-site.ts';

/** `id="x"` / `id='x'` / `id={"x"}` on an HTML or JSX element: a link target besides the headings. */
const ELEMENT_ID = /\bid=\{?\s*["'`]([^"'`]+)["'`]/g;
/** `<ParamField body="limit">`: the platform gives each parameter the anchor `<kind>-<name>`. */
const PARAM_FIELD = /<ParamField\b[^>]*?\b(body|query|path|header|cookie)=["']([^"']+)["']/g;
/** `<Update label="…" description="…">`: a changelog entry is a link target under its label and its description. */
const UPDATE_TAG = /<Update\b[^>]*>/g;
const UPDATE_TITLE = /\b(?:label|description)=["']([^"']+)["']/g;
const HTML_ENTITY = /&#(x[0-9a-f]+|\d+);/gi;

/**
 * The anchors each route offers, by `anchorKey`: heading and section anchors of its page, element ids,
 * ParamField and Update anchors found in the page text. A page file is known by its own route and by every
 * navigation route that names it; `x/index` also as `x`. Pages that document an API operation (endpoint pages,
 * frontmatter `openapi`/`api`) get anchors for every parameter from the platform and are left unchecked.
 */
export function collectAnchors(pages: Iterable<ParsedPage>, entries: readonly NavigationPageEntry[], readText: (file: string) => string | undefined): Map<string, Map<string, string>> {
  const anchors = new Map<string, Map<string, string>>();
  const byFile = new Map<string, string[]>();
  const add = (route: string, names: readonly string[]): void => {
    for (const alias of route.endsWith('/index') ? [route, route.slice(0, -'/index'.length)] : [route]) {
      const known = anchors.get(alias) ?? new Map<string, string>();
      for (const name of names) if (anchorKey(name) !== '' && !known.has(anchorKey(name))) known.set(anchorKey(name), name);
      anchors.set(alias, known);
    }
  };
  for (const page of pages) {
    if (typeof page.frontmatter.openapi === 'string' || typeof page.frontmatter.api === 'string') continue;
    const text = readText(page.file) ?? '';
    const names = [
      ...[...page.headings, ...page.sections].map((item) => item.anchor),
      ...[...text.matchAll(ELEMENT_ID)].map((match) => decodeEntities(match[1] ?? '')),
      ...[...text.matchAll(PARAM_FIELD)].map((match) => `${match[1]}-${match[2]}`),
      ...[...text.matchAll(UPDATE_TAG)].flatMap((tag) => [...tag[0].matchAll(UPDATE_TITLE)].map((match) => match[1] ?? '')),
    ];
    byFile.set(page.file, names);
    add(pagePathForFile(page.file), names);
  }
  for (const entry of entries) {
    const names = entry.file ? byFile.get(entry.file) : undefined;
    if (names) add(entry.route, names);
  }
  return anchors;
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

/** `&#x5F;` → `_`, `&#95;` → `_` (ids written by HTML generators). */
function decodeEntities(text: string): string {
  return text.replace(HTML_ENTITY, (_, code: string) => String.fromCodePoint(code.startsWith('x') || code.startsWith('X') ? Number.parseInt(code.slice(1), 16) : Number(code)));
}
