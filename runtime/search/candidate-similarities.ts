import type { SectionRecord } from '../../contract/search/section-record.ts';
import { wordVectorOf } from './docs-word-vectors.ts';
import type { SearchIndex } from './load-search-index.ts';
import { pageSections } from './page-sections.ts';

/** The word vector of each section compared so far (null: none, the section is not English or holds no known term). */
const vectorOfSection = new WeakMap<SectionRecord, Float32Array | null>();

/**
 * The cosine similarity, in the built-in word vectors, of a question's vector (`wordVectorOf`) to the closest section
 * of each of `paths`. A section's vector is made the first time a question needs it (its title, headings and text)
 * and kept with the loaded site's record, so loading a site costs nothing and a search compares only its results'
 * sections; a section in another language is at similarity 0. Paths no section is shown at are left out.
 */
export function candidateSimilarities(
  index: SearchIndex,
  paths: readonly string[],
  question: Float32Array,
): Map<string, number> {
  const similarities = new Map<string, number>();
  for (const path of paths) {
    let best: number | undefined;
    for (const section of pageSections(index, path)) {
      const vector = sectionVector(section);
      let similarity = 0;
      if (vector)
        for (let component = 0; component < vector.length; component += 1)
          similarity += (vector[component] as number) * (question[component] as number);
      if (best === undefined || similarity > best) best = similarity;
    }
    if (best !== undefined) similarities.set(path, best);
  }
  return similarities;
}

function sectionVector(section: SectionRecord): Float32Array | null {
  let vector = vectorOfSection.get(section);
  if (vector === undefined) {
    const headings = section.headingPath.filter((heading) => heading !== section.title).join('\n');
    vector = wordVectorOf(`${section.title}\n${headings}\n${section.text}`, section.context.language) ?? null;
    vectorOfSection.set(section, vector);
  }
  return vector;
}
