import type bm25 from 'wink-bm25-text-search';

/** Documents whose term frequencies are turned into BM25 weights between two yields (~2–5 ms of work). */
const DOCUMENTS_PER_SLICE = 200;

/**
 * wink-bm25's `consolidate`, in slices: the same IDF and the same stored weights (same formula, same rounding), but
 * the pass over every document's terms — ~60–200 ms on a 9,000-section site, one block in wink — yields every 200
 * documents. How: the documents are set aside (`getDocs` is wink's live table), wink consolidates the empty table
 * (IDF over its inverted index, which stays whole), then each document's frequencies are weighted here and put back.
 * Yields to its caller (a generator driven by `loadSearchIndexInSlices`); the engine must not be searched before it ends.
 */
export function* consolidateInSlices(engine: ReturnType<typeof bm25>, precision: number): Generator<void> {
  const documents = engine.getDocs();
  const held: [string, { freq: Record<string, number>; length: number }][] = [];
  for (const id in documents) {
    held.push([id, documents[id] as { freq: Record<string, number>; length: number }]);
    delete documents[id];
  }
  engine.consolidate(precision);
  const idf = engine.getIDF();
  const { k1, b } = engine.getConfig().bm25Params;
  const averageLength = engine.getTotalCorpusLength() / engine.getTotalDocs();
  for (const [position, [id, document]] of held.entries()) {
    const normalization = 1 - b + b * (document.length / averageLength);
    for (const token in document.freq) {
      const frequency = document.freq[token] as number;
      document.freq[token] = Math.sign(frequency) * Number((Math.abs((frequency * (k1 + 1)) / (k1 * normalization + frequency)) * (idf[Number(token)] as number)).toFixed(precision));
    }
    documents[id] = document;
    if ((position + 1) % DOCUMENTS_PER_SLICE === 0) yield;
  }
}
