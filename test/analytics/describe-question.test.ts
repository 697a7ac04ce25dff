import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { describeQuestion } from '../../runtime/analytics/describe-question.ts';
import { loadSearchIndex, search, type SearchIndex } from '../../runtime/search/index.ts';
import { testSiteFiles } from '../helpers/publish-test-site.ts';

let index: SearchIndex;
beforeAll(async () => {
  const result = await buildSite(siteSourceFromObject(testSiteFiles()), { domain: 'example' });
  index = loadSearchIndex(JSON.parse(result.files.get('search.json') as string));
});

const answer = (text: string, paths: string[]) => ({ text, sources: paths.map((path) => ({ path })) });

describe('describeQuestion', () => {
  it('records the scrubbed prepared terms, rarer and missing terms weighing more, and a full strength when the best result holds them', () => {
    const results = search(index, 'How do I install the CLI?');
    const insight = describeQuestion(
      index,
      'How do I install the CLI?',
      results,
      answer(
        'Install it with npm [1].',
        results.map((result) => result.path),
      ),
    );
    expect(insight.terms).toEqual(['instal', 'cli']);
    expect(insight.strength).toBe(1);
    expect(insight.cited).toEqual(['quickstart']);
    const missing = describeQuestion(
      index,
      'Can I pay with zloty coins, mail me at jane@example.com',
      search(index, 'pay zloty'),
      answer('I could not find this in the documentation.', []),
    );
    expect(missing.terms).toEqual(['pay', 'zloti', 'coin', 'mail', 'email']);
    const weight = (term: string) => missing.weights[missing.terms.indexOf(term)] as number;
    expect(weight('zloti')).toBeGreaterThan(0);
    expect(weight('zloti')).toBe(weight('coin'));
    expect(missing.strength).toBe(0);
    expect(missing.cited).toEqual([]);
  });

  it('measures a weak match as the weighted share of terms the best result holds', () => {
    const results = search(index, 'install the CLI behind a corporate proxy');
    const insight = describeQuestion(
      index,
      'install the CLI behind a corporate proxy',
      results,
      answer(
        'Install it with npm [1].',
        results.map((result) => result.path),
      ),
    );
    expect(insight.strength).toBeGreaterThan(0);
    expect(insight.strength).toBeLessThan(0.5);
  });

  it('cites the sources the answer numbers, in the order it first cites them, else its first source unless it found nothing', () => {
    const sources = ['quickstart', 'cli/configure', 'billing'];
    const results = search(index, 'CLI login token');
    expect(
      describeQuestion(
        index,
        'CLI login token',
        results,
        answer('Set EXAMPLE_TOKEN [2]. Log in first [1][2]. See [9].', sources),
      ).cited,
    ).toEqual(['cli/configure', 'quickstart']);
    expect(
      describeQuestion(index, 'CLI login token', results, answer('Set EXAMPLE_TOKEN in CI.', sources)).cited,
    ).toEqual(['quickstart']);
    expect(
      describeQuestion(index, 'CLI login token', results, answer("I couldn't find this in the docs.", sources)).cited,
    ).toEqual([]);
  });

  it('takes the version and language from the filter, else from the best result, else none for a site without them', () => {
    const results = search(index, 'invoices');
    expect(
      describeQuestion(index, 'invoices', results, answer('[1]', ['billing']), { version: 'v2', language: 'fr' }),
    ).toMatchObject({ version: 'v2', language: 'fr' });
    const plain = describeQuestion(index, 'invoices', results, answer('[1]', ['billing']));
    expect(plain.version).toBeUndefined();
    expect(plain.language).toBeUndefined();
  });

  it('keeps generic words only when the question has nothing else', () => {
    expect(describeQuestion(index, 'How do I use it?', [], answer('', [])).terms).toEqual(['use']);
    expect(describeQuestion(index, 'how to use webhooks', [], answer('', [])).terms).toEqual(['webhook']);
  });
});
