import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { loadSearchIndex, search, searchPages } from '../../runtime/search/index.ts';
import { hasSharedData, sharedDir } from '../helpers/test-prerequisites.ts';

const available = hasSharedData('corpora/ollama', 'search pages at every page size');

describe.skipIf(!available)('searchPages: every page size shows the first results of one ranking', () => {
  it("on the ollama corpus's bench questions, 5 results are the first 5 of 10, though search alone ranks them apart", async () => {
    const result = await buildSite(await readSiteSource(path.join(sharedDir, 'corpora', 'ollama')), {
      domain: 'ollama',
    });
    const index = loadSearchIndex(JSON.parse(result.files.get('search.json') as string));
    const questions = (
      JSON.parse(readFileSync(new URL('../../bench/retrieval/questions.json', import.meta.url), 'utf8')) as {
        corpus: string;
        question: string;
      }[]
    ).filter((entry) => entry.corpus === 'ollama');
    const pathsOf = (results: { path: string; anchor: string }[]) =>
      results.map((entry) => `${entry.path}#${entry.anchor}`);
    let rankedApartBySearch = 0;
    for (const { question } of questions) {
      const ten = pathsOf(await searchPages(index, { query: question, pageSize: 10 }));
      for (const pageSize of [1, 2, 5])
        expect(pathsOf(await searchPages(index, { query: question, pageSize })), `${question} (${pageSize})`).toEqual(
          ten.slice(0, pageSize),
        );
      if (
        JSON.stringify(pathsOf(search(index, question, { pageSize: 5 }))) !==
        JSON.stringify(pathsOf(search(index, question, { pageSize: 10 })).slice(0, 5))
      )
        rankedApartBySearch += 1;
    }
    expect(questions.length).toBeGreaterThan(20);
    expect(rankedApartBySearch).toBeGreaterThan(0);
  });
});
