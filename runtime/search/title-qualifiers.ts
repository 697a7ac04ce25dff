import type { SectionRecord } from '../../contract/search/section-record.ts';

/** The label a page of a shared title is read with, and the terms of it that tell the page apart. */
export interface TitleQualifier {
  label: string;
  /** The label's terms, less those of the title itself and those every page of the title's labels hold ("Supported LLMs" / "Supported Embedding Models": `llms` / `embed`, `model`). */
  terms: string[];
}

/** Route segments that name no place: version folders, `index`. */
const NOISE_SEGMENT = /^(?:\d[\d-]*|v\d+|index)$/;

/**
 * The label that tells a page from the other pages of its title, by page path: a title several pages share ("List",
 * "Overview", "Authentication", "Quickstart" under each SDK) says which of them a page is only with its place, so it is
 * read with it — "Organizations › List", "Python › Quickstart". The label is the innermost of the page's navigation
 * names (groups from the innermost, then menu, anchor, dropdown, tab, product) and route folders that the others of
 * its title do not all share, else its innermost group. Titles are compared within one version and language, letter
 * case aside; a page whose title no other page has gets no label. `prepare` gives a text's terms in a language.
 */
export function titleQualifiers(
  sections: readonly SectionRecord[],
  prepare: (text: string, language: string | undefined) => string[],
): Map<string, TitleQualifier> {
  const pagesByTitle = new Map<string, Map<string, SectionRecord>>();
  for (const section of sections) {
    const key = `${section.context.language ?? ''}\u0000${section.context.version ?? ''}\u0000${section.title.trim().toLowerCase()}`;
    let pages = pagesByTitle.get(key);
    if (!pages) pagesByTitle.set(key, (pages = new Map()));
    if (!pages.has(section.path)) pages.set(section.path, section);
  }
  const qualifiers = new Map<string, TitleQualifier>();
  for (const pages of pagesByTitle.values()) {
    if (pages.size < 2) continue;
    const twins = [...pages.values()];
    const labelsOf = twins.map((section) => placeLabels(section));
    // How many of the twins hold each label: a label some twin lacks tells its pages apart.
    const holders = new Map<string, number>();
    for (const labels of labelsOf)
      for (const label of new Set(labels.map((name) => name.toLowerCase())))
        holders.set(label, (holders.get(label) ?? 0) + 1);
    const labelled = twins.map((section, position) => {
      const own = labelsOf[position] ?? [];
      return { section, label: own.find((label) => (holders.get(label.toLowerCase()) ?? 0) < twins.length) ?? own[0] };
    });
    const language = twins[0]?.context.language;
    const title = new Set(prepare(twins[0]?.title ?? '', language));
    const termsOf = labelled.map(({ label }) =>
      label === undefined ? [] : prepare(label, language).filter((term) => !title.has(term)),
    );
    const everywhere = new Set((termsOf[0] ?? []).filter((term) => termsOf.every((terms) => terms.includes(term))));
    labelled.forEach(({ section, label }, position) => {
      if (label !== undefined)
        qualifiers.set(section.path, {
          label,
          terms: (termsOf[position] ?? []).filter((term) => !everywhere.has(term)),
        });
    });
  }
  return qualifiers;
}

/** A page's navigation names (groups from the innermost, then menu, anchor, dropdown, tab, product) and route folders, innermost first. */
export function placeLabels({ path, context }: SectionRecord): string[] {
  const names = [...context.groups].reverse();
  for (const name of [context.menu, context.anchor, context.dropdown, context.tab, context.product])
    if (name) names.push(name);
  const folders = path
    .split('/')
    .slice(0, -1)
    .reverse()
    .filter((segment) => !NOISE_SEGMENT.test(segment) && segment !== context.language && segment !== context.version);
  return [...names, ...folders].map((label) => label.trim()).filter((label) => label.length > 0);
}
