import type { SectionRecord } from '../../contract/search/section-record.ts';

/** Route segments that name no place: version folders, `index`. */
const NOISE_SEGMENT = /^(?:\d[\d-]*|v\d+|index)$/;

/**
 * The label that tells a page from the other pages of its title, by page path: a title several pages share ("List",
 * "Overview", "Authentication", "Quickstart" under each SDK) says which of them a page is only with its place, so it is
 * read with it — "Organizations › List", "Python › Quickstart". The label is the innermost of the page's navigation
 * names (groups from the innermost, then menu, anchor, dropdown, tab, product) and route folders that the others of
 * its title do not all share, else its innermost group. Titles are compared within one version and language, letter
 * case aside; a page whose title no other page has gets no label.
 */
export function titleQualifiers(sections: readonly SectionRecord[]): Map<string, string> {
  const pagesByTitle = new Map<string, Map<string, SectionRecord>>();
  for (const section of sections) {
    const key = `${section.context.language ?? ''}\u0000${section.context.version ?? ''}\u0000${section.title.trim().toLowerCase()}`;
    let pages = pagesByTitle.get(key);
    if (!pages) pagesByTitle.set(key, (pages = new Map()));
    if (!pages.has(section.path)) pages.set(section.path, section);
  }
  const qualifiers = new Map<string, string>();
  for (const pages of pagesByTitle.values()) {
    if (pages.size < 2) continue;
    const labels = [...pages.values()].map((section) => ({ path: section.path, labels: placeLabels(section) }));
    for (const { path, labels: own } of labels) {
      const others = labels.filter((other) => other.path !== path).map((other) => new Set(other.labels.map((label) => label.toLowerCase())));
      const distinguishing = own.find((label) => others.some((other) => !other.has(label.toLowerCase())));
      const label = distinguishing ?? own[0];
      if (label !== undefined) qualifiers.set(path, label);
    }
  }
  return qualifiers;
}

/** A page's navigation names (groups from the innermost, then menu, anchor, dropdown, tab, product) and route folders, innermost first. */
export function placeLabels({ path, context }: SectionRecord): string[] {
  const names = [...context.groups].reverse();
  for (const name of [context.menu, context.anchor, context.dropdown, context.tab, context.product]) if (name) names.push(name);
  const folders = path.split('/').slice(0, -1).reverse().filter((segment) => !NOISE_SEGMENT.test(segment) && segment !== context.language && segment !== context.version);
  return [...names, ...folders].map((label) => label.trim()).filter((label) => label.length > 0);
}
