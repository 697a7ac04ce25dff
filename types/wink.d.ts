// Minimal typings of the wink packages docsmith uses (they ship none): the stemmer at run time, the others in the retrieval bench's baseline.
declare module 'wink-bm25-text-search' {
  interface Bm25Engine {
    defineConfig(config: {
      fldWeights: Record<string, number>;
      bm25Params?: { k1?: number; b?: number; k?: number };
      ovFieldNames?: string[];
    }): boolean;
    definePrepTasks(tasks: ((input: string) => string[] | string)[], field?: string): number;
    addDoc(document: Record<string, string>, id: string | number): number;
    consolidate(precision?: number): boolean;
    search(
      text: string,
      limit?: number,
      filter?: (fieldValues: Record<string, unknown>, params: unknown) => boolean,
      params?: unknown,
    ): [string, number][];
  }
  function bm25(): Bm25Engine;
  export default bm25;
}

declare module 'wink-porter2-stemmer' {
  /** The Porter2 (English) stem of a lower-case word. */
  function stem(word: string): string;
  export default stem;
}

declare module 'wink-nlp-utils' {
  const utils: {
    string: {
      stem(word: string): string;
      tokenize0(text: string): string[];
      lowerCase(text: string): string;
      removeExtraSpaces(text: string): string;
    };
    tokens: { removeWords(tokens: string[]): string[]; stem(tokens: string[]): string[] };
  };
  export default utils;
}
