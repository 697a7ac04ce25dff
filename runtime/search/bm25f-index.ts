/** The fields of a section, in the order `Bm25fIndexBuilder.add` takes them. */
export const BM25F_FIELDS = ['title', 'headings', 'body', 'place', 'description'] as const;

/** One field's weight and length normalisation (`b`: 0 ignores the field's length, 1 divides by it fully). */
export interface FieldParameters {
  weight: number;
  b: number;
}

/** Parameters of a BM25F index: per-field weight and `b`, and `k1`, the saturation of the combined term frequency. */
export interface Bm25fParameters {
  fields: Record<(typeof BM25F_FIELDS)[number], FieldParameters>;
  k1: number;
}

/** A query term and the weight of its contribution (the question's own terms weigh more than a previous turn's). */
export interface WeightedTerm {
  term: string;
  weight: number;
}

/**
 * Every term's postings in three flat arrays (one pair of typed arrays per index, not per term: a site of 37,000
 * terms spent more memory on the arrays' headers than on their contents): the postings of term `t` are positions
 * `starts[t]` to `starts[t + 1]` of `documents` and `frequencies`.
 */
interface Postings {
  termIds: Map<string, number>;
  starts: Uint32Array;
  documents: Uint32Array;
  /** BM25F pseudo-frequency of the term in each document: field frequencies, weighted and length-normalised, summed. */
  frequencies: Float32Array;
  inverseFrequencies: Float64Array;
}

/**
 * A BM25F index over sections (Robertson & Zaragoza's BM25F: term frequencies are weighted and length-normalised
 * per field, summed, then saturated once). The combined frequencies are query-independent, so they are computed once
 * when the index is built and a query only walks the postings of its terms.
 */
export class Bm25fIndex {
  readonly documentCount: number;
  readonly #postings: Postings;
  readonly #k1: number;
  /** Buffers reused by every search (searches are synchronous; scores are zeroed again after each): no garbage per query. */
  readonly #scores: Float64Array;
  readonly #touched: Uint32Array;
  readonly #selectScratch: Float64Array;

  constructor(postings: Postings, documentCount: number, k1: number) {
    this.#postings = postings;
    this.documentCount = documentCount;
    this.#k1 = k1;
    this.#scores = new Float64Array(documentCount);
    this.#touched = new Uint32Array(documentCount);
    this.#selectScratch = new Float64Array(documentCount);
  }

  /** Whether a term occurs in any document. */
  has(term: string): boolean {
    return this.#postings.termIds.has(term);
  }

  /** How many documents hold a term (0 when none). */
  documentFrequency(term: string): number {
    const id = this.#postings.termIds.get(term);
    return id === undefined ? 0 : (this.#postings.starts[id + 1] as number) - (this.#postings.starts[id] as number);
  }

  /** Every indexed term (for typo correction). */
  terms(): IterableIterator<string> {
    return this.#postings.termIds.keys();
  }

  /** Scores the documents holding any query term: `[document, score]`, best first, at most `limit` of them. */
  search(query: WeightedTerm[], limit: number): [number, number][] {
    const scores = this.#scores;
    const touched = this.#touched;
    let touchedCount = 0;
    const k1 = this.#k1;
    const { termIds, starts, documents, frequencies, inverseFrequencies } = this.#postings;
    for (const { term, weight } of query) {
      const id = termIds.get(term);
      if (id === undefined) continue;
      const factor = weight * (inverseFrequencies[id] as number) * (k1 + 1);
      for (let position = starts[id] as number, end = starts[id + 1] as number; position < end; position += 1) {
        const frequency = frequencies[position] as number;
        const document = documents[position] as number;
        if (scores[document] === 0) touched[touchedCount++] = document;
        scores[document] = (scores[document] as number) + (factor * frequency) / (k1 + frequency);
      }
    }
    let threshold = 0;
    if (touchedCount > limit) {
      const candidates = this.#selectScratch.subarray(0, touchedCount);
      for (let position = 0; position < touchedCount; position += 1)
        candidates[position] = scores[touched[position] as number] as number;
      threshold = selectAscending(candidates, touchedCount - limit);
    }
    const ranked: [number, number][] = [];
    for (let position = 0; position < touchedCount; position += 1) {
      const document = touched[position] as number;
      const score = scores[document] as number;
      if (score >= threshold) ranked.push([document, score]);
      scores[document] = 0;
    }
    ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    return ranked.length > limit ? ranked.slice(0, limit) : ranked;
  }
}

/**
 * The value at position `rank` of `values` once sorted ascending (Hoare's quickselect, middle pivot): linear on
 * average, where sorting every touched score cost most of a query on large sites. Reorders `values` in place.
 */
function selectAscending(values: Float64Array, rank: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1] as number;
    let left = low;
    let right = high;
    while (left <= right) {
      while ((values[left] as number) < pivot) left += 1;
      while ((values[right] as number) > pivot) right -= 1;
      if (left <= right) {
        const swapped = values[left] as number;
        values[left] = values[right] as number;
        values[right] = swapped;
        left += 1;
        right -= 1;
      }
    }
    if (rank <= right) high = right;
    else if (rank >= left) low = left;
    else break;
  }
  return values[rank] as number;
}

/** Term occurrences counted (and, later, distinct terms packed) between two yields of `finishInSlices` (a few ms of work): whole pages of a long changelog hold tens of thousands each. */
const TERMS_PER_SLICE = 20_000;

/** Collects the prepared terms of each document, then builds the `Bm25fIndex` (two passes: field lengths, then postings). */
export class Bm25fIndexBuilder {
  readonly #parameters: Bm25fParameters;
  readonly #documents: string[][][] = [];

  constructor(parameters: Bm25fParameters) {
    this.#parameters = parameters;
  }

  /** Adds the next document: one term list per field of `BM25F_FIELDS`. */
  add(fields: string[][]): void {
    this.#documents.push(fields);
  }

  /** Builds the index; the builder is spent afterwards. */
  finish(): Bm25fIndex {
    const steps = this.finishInSlices();
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * `finish` in slices: yields every `TERMS_PER_SLICE` term occurrences and distinct terms, so a server keeps answering
   * while a large index is built. Terms are numbered as first met; each document's combined frequencies are summed in
   * one reused array indexed by term, then every (term, document, frequency) posting is placed by a counting sort —
   * no map and no arrays per document or per term.
   */
  *finishInSlices(): Generator<void, Bm25fIndex> {
    const documents = this.#documents;
    const fieldParameters = BM25F_FIELDS.map((field) => this.#parameters.fields[field]);
    const averageLengths = BM25F_FIELDS.map(
      (_, field) =>
        documents.reduce((sum, fields) => sum + (fields[field]?.length ?? 0), 0) / Math.max(1, documents.length) || 1,
    );
    const termIds = new Map<string, number>();
    let sums = new Float64Array(1024);
    let termCounts = new Uint32Array(1024);
    let postingTerms = new Uint32Array(4096);
    let postingDocuments = new Uint32Array(4096);
    let postingFrequencies = new Float32Array(4096);
    let total = 0;
    const touched: number[] = [];
    let work = 0;
    for (const [document, fields] of documents.entries()) {
      fields.forEach((terms, field) => {
        const { weight, b } = fieldParameters[field] as FieldParameters;
        if (weight === 0 || terms.length === 0) return;
        const share = weight / (1 - b + (b * terms.length) / (averageLengths[field] as number));
        for (const term of terms) {
          let id = termIds.get(term);
          if (id === undefined) {
            termIds.set(term, (id = termIds.size));
            if (id >= sums.length) {
              sums = grown(sums, id);
              termCounts = grown(termCounts, id);
            }
          }
          if (sums[id] === 0) touched.push(id);
          sums[id] = (sums[id] as number) + share;
        }
        work += terms.length;
      });
      if (total + touched.length > postingTerms.length) {
        postingTerms = grown(postingTerms, total + touched.length);
        postingDocuments = grown(postingDocuments, total + touched.length);
        postingFrequencies = grown(postingFrequencies, total + touched.length);
      }
      for (const id of touched) {
        postingTerms[total] = id;
        postingDocuments[total] = document;
        postingFrequencies[total] = sums[id] as number;
        termCounts[id] = (termCounts[id] as number) + 1;
        sums[id] = 0;
        total += 1;
      }
      touched.length = 0;
      if (work >= TERMS_PER_SLICE) {
        work = 0;
        yield;
      }
    }
    const count = documents.length;
    const termCount = termIds.size;
    const postings: Postings = {
      termIds,
      starts: new Uint32Array(termCount + 1),
      documents: new Uint32Array(total),
      frequencies: new Float32Array(total),
      inverseFrequencies: new Float64Array(termCount),
    };
    let offset = 0;
    for (let id = 0; id < termCount; id += 1) {
      if ((id + 1) % TERMS_PER_SLICE === 0) yield;
      const frequency = termCounts[id] as number;
      postings.starts[id] = offset;
      postings.inverseFrequencies[id] = Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
      offset += frequency;
    }
    postings.starts[termCount] = offset;
    // Postings were collected document by document, so placing them in order keeps each term's documents ascending.
    const next = postings.starts.slice(0, termCount);
    for (let position = 0; position < total; position += 1) {
      const id = postingTerms[position] as number;
      const at = next[id] as number;
      postings.documents[at] = postingDocuments[position] as number;
      postings.frequencies[at] = postingFrequencies[position] as number;
      next[id] = at + 1;
      if ((position + 1) % (TERMS_PER_SLICE * 4) === 0) yield;
    }
    this.#documents.length = 0;
    return new Bm25fIndex(postings, count, this.#parameters.k1);
  }
}

/** A copy of a typed array at least twice as long and holding `index`. */
function grown<T extends Float64Array | Float32Array | Uint32Array>(array: T, index: number): T {
  const copy = new (array.constructor as new (length: number) => T)(Math.max(array.length * 2, index + 1));
  copy.set(array);
  return copy;
}
