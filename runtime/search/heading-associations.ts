import type { WeightedTerm } from './bm25f-index.ts';

/** Sections a body term and a heading term must share at least to be associated: rarer pairs are chance. */
const MINIMUM_SHARED_SECTIONS = 3;
/** Heading terms kept per body term, strongest first. */
const ASSOCIATES_PER_TERM = 5;

/**
 * What the sections of a site holding a word in their text are headed with, learned from the site itself (a "title →
 * body" translation table, Berger & Lafferty 1999; Jin, Hauptmann & Zhai 2002): each section's title and heading path
 * is a short, query-like text and its body what that text is about. A body term's associates are the heading terms of
 * the same sections, scored by pointwise mutual information over the site's distinct sections (pairs shared by fewer
 * than `MINIMUM_SHARED_SECTIONS` dropped), the strongest `ASSOCIATES_PER_TERM` kept, each weighed as a share (0–1] of
 * the strongest: "alive" → `ping`, "image" → `vision`.
 */
export class HeadingAssociationsBuilder {
  readonly #ids = new Map<string, number>();
  readonly #names: string[] = [];
  readonly #sections: [Uint32Array, Uint32Array][] = [];

  /** Adds one distinct section: the terms of its title and heading path, and of its body. */
  add(headingTerms: string[], bodyTerms: string[]): void {
    if (headingTerms.length === 0 || bodyTerms.length === 0) return;
    this.#sections.push([this.#idsOf(headingTerms), this.#idsOf(bodyTerms)]);
  }

  /** The associates of each body term (`[heading term, strength]`, strongest first); terms with none are absent. */
  finish(): Map<string, WeightedTerm[]> {
    const size = this.#names.length;
    const headingCount = new Uint32Array(size);
    const bodyCount = new Uint32Array(size);
    const shared = new Map<number, Map<number, number>>();
    for (const [headings, body] of this.#sections) {
      for (const heading of headings) headingCount[heading] = (headingCount[heading] ?? 0) + 1;
      for (const term of body) {
        bodyCount[term] = (bodyCount[term] ?? 0) + 1;
        let row = shared.get(term);
        if (!row) shared.set(term, (row = new Map()));
        for (const heading of headings) if (heading !== term) row.set(heading, (row.get(heading) ?? 0) + 1);
      }
    }
    const sections = this.#sections.length;
    const associations = new Map<string, WeightedTerm[]>();
    for (const [term, row] of shared) {
      const scored: [number, number][] = [];
      for (const [heading, count] of row) {
        if (count < MINIMUM_SHARED_SECTIONS) continue;
        const information = Math.log(
          (count * sections) / ((bodyCount[term] as number) * (headingCount[heading] as number)),
        );
        if (information > 0) scored.push([heading, information]);
      }
      if (scored.length === 0) continue;
      scored.sort((first, second) => second[1] - first[1]);
      const kept = scored.slice(0, ASSOCIATES_PER_TERM);
      const strongest = (kept[0] as [number, number])[1];
      associations.set(
        this.#names[term] as string,
        kept.map(([heading, information]) => ({ term: this.#names[heading] as string, weight: information / strongest })),
      );
    }
    return associations;
  }

  #idsOf(terms: string[]): Uint32Array {
    const ids = new Set<number>();
    for (const term of terms) {
      let id = this.#ids.get(term);
      if (id === undefined) {
        id = this.#names.length;
        this.#ids.set(term, id);
        this.#names.push(term);
      }
      ids.add(id);
    }
    return Uint32Array.from(ids);
  }
}
