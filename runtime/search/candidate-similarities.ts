import type { SectionRecord } from '../../contract/search/section-record.ts';
import { wordVectorOf } from './docs-word-vectors.ts';
import type { SearchIndex } from './load-search-index.ts';

/** Per index: the engine documents shown at each page path, and the word vectors of the sections compared so far. */
const cachesOfIndex = new WeakMap<
  SearchIndex,
  { documentsAt: Map<string, number[]>; vectors: Map<number, Float32Array | null> }
>();

/**
 * The cosine similarity, in the built-in word vectors, of a question's vector (`wordVectorOf`) to the closest section
 * of each of `paths`. A section's vector is made the first time a question needs it (its title, headings and text),
 * so loading a site costs nothing and a search compares only its results' sections; a section in another language
 * is at similarity 0. Paths no section is shown at are left out.
 */
export function candidateSimilarities(
  index: SearchIndex,
  paths: readonly string[],
  question: Float32Array,
): Map<string, number> {
  const { documentsAt, vectors } = cachesOf(index);
  const similarities = new Map<string, number>();
  for (const path of paths) {
    let best: number | undefined;
    for (const document of documentsAt.get(path) ?? []) {
      let vector = vectors.get(document);
      if (vector === undefined)
        vectors.set(document, (vector = sectionVector(index.sections[document] as SectionRecord)));
      let similarity = 0;
      if (vector)
        for (const [component, value] of vector.entries()) similarity += value * (question[component] as number);
      if (best === undefined || similarity > best) best = similarity;
    }
    if (best !== undefined) similarities.set(path, best);
  }
  return similarities;
}

function sectionVector(section: SectionRecord): Float32Array | null {
  const headings = section.headingPath.filter((heading) => heading !== section.title).join('\n');
  return wordVectorOf(`${section.title}\n${headings}\n${section.text}`, section.context.language) ?? null;
}

function cachesOf(index: SearchIndex): {
  documentsAt: Map<string, number[]>;
  vectors: Map<number, Float32Array | null>;
} {
  let caches = cachesOfIndex.get(index);
  if (caches) return caches;
  const documentsAt = new Map<string, number[]>();
  for (const [document, section] of index.sections.entries()) {
    for (const { path } of index.locations[document] ?? [{ path: section.path }]) {
      const list = documentsAt.get(path);
      if (list) list.push(document);
      else documentsAt.set(path, [document]);
    }
  }
  cachesOfIndex.set(index, (caches = { documentsAt, vectors: new Map() }));
  return caches;
}
