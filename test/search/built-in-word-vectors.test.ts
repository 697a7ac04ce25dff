import { describe, expect, it } from 'vitest';
import { buildSearchArtifact } from '../../pipeline/assemble/build-search-artifact.ts';
import { hybridSearch, loadSearchIndex, search } from '../../runtime/search/index.ts';
import { candidateSimilarities } from '../../runtime/search/candidate-similarities.ts';
import { wordVectorOf } from '../../runtime/search/docs-word-vectors.ts';
import { type SectionRecord } from '../../contract/search/index.ts';
import { section } from '../helpers/section-record.ts';

const load = (records: SectionRecord[]) => loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact(records))));
const cosine = (a: string, b: string): number => {
  const first = wordVectorOf(a, 'en') as Float32Array;
  const second = wordVectorOf(b, 'en') as Float32Array;
  return first.reduce((dot, component, index) => dot + component * (second[index] as number), 0);
};
/** Unrelated pages, so that the words of the pages under test are rare enough to matter, as on a real site. */
const others = Array.from({ length: 10 }, (_, number) =>
  section(`guides/other-${number}`, `Guide ${number}`, `Projects, folders and teams explained, part ${number}.`),
);

describe('the built-in word vectors', () => {
  it('place the words documentation uses together close, and unrelated ones apart', () => {
    expect(cosine('invoice', 'billing')).toBeGreaterThan(0.6);
    expect(cosine('invoice', 'billing')).toBeGreaterThan(cosine('invoice', 'websocket') + 0.3);
    expect(cosine('heartbeat', 'ping')).toBeGreaterThan(cosine('heartbeat', 'refund') + 0.3);
    expect(cosine('teammate', 'invite a member')).toBeGreaterThan(cosine('teammate', 'latency') + 0.2);
  });

  it('embed English text, and no text in another language or of words they do not know', () => {
    const vector = wordVectorOf('how do I cancel a subscription', 'en') as Float32Array;
    expect(vector).toHaveLength(128);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    expect(wordVectorOf('how do I cancel a subscription', undefined)).toEqual(vector);
    expect(wordVectorOf('comment annuler un abonnement', 'fr')).toBeUndefined();
    expect(wordVectorOf('xyzzy plugh', 'en')).toBeUndefined();
  });

  it('compare a question with the closest section of each page, a section in another language at 0', () => {
    const index = load([
      section('billing', 'Billing', 'Invoices are issued monthly for each subscription.'),
      section('billing', 'Billing', 'Refunds go back to the card.', { anchor: 'refunds', headingPath: ['Refunds'] }),
      section('zh/billing', '账单', '每个订阅每月开具发票。', { context: { groups: [], language: 'zh' } }),
      section('deploy', 'Deploy', 'Containers are scheduled across the nodes of a cluster.'),
    ]);
    const question = wordVectorOf('get my money back for a charge', 'en') as Float32Array;
    const similarities = candidateSimilarities(index, ['billing', 'zh/billing', 'deploy', 'missing'], question);
    expect([...similarities.keys()]).toEqual(['billing', 'zh/billing', 'deploy']);
    expect(similarities.get('zh/billing')).toBe(0);
    expect(similarities.get('billing')).toBeGreaterThan((similarities.get('deploy') as number) + 0.2);
  });
});

describe('search with the built-in word vectors', () => {
  // Both pages are titled "Plans" and hold "plan" alone of the question's words, the deployment page twice; the
  // question's other words ("downgrade", "cheaper") are on neither page but go with billing in documentation.
  const records = [
    ...others,
    section('deploy/plans', 'Plans', 'A deploy plan lists the services of a plan and the regions they run in.'),
    section(
      'billing/plans',
      'Plans',
      'Each plan is billed monthly. Invoices list the charges of the subscription, prorated when it changes.',
    ),
  ];

  it('re-ranks a near tie toward the page whose words go with the question', async () => {
    const index = load(records);
    const question = 'downgrade to a cheaper plan';
    expect(search(index, question, { pageSize: 5 })[0]?.path).toBe('deploy/plans');
    expect((await hybridSearch(index, question, { pageSize: 5 }))[0]?.path).toBe('billing/plans');
  });

  it('are not used when turned off (`--no-embeddings`)', async () => {
    const index = load(records);
    const question = 'downgrade to a cheaper plan';
    expect(await hybridSearch(index, question, { pageSize: 5, wordVectors: false })).toEqual(
      search(index, question, { pageSize: 5 }),
    );
  });

  it('leave the lexical results as they are for a question in another language', async () => {
    const index = load(records);
    const options = { pageSize: 5, filter: { language: 'fr' } };
    const found = await hybridSearch(index, 'downgrade to a cheaper plan', options);
    expect(found[0]?.path).toBe('deploy/plans');
    expect(found).toEqual(search(index, 'downgrade to a cheaper plan', options));
  });

  it('bring in no page the words did not find', async () => {
    const index = load(records);
    const found = await hybridSearch(index, 'monthly invoices', { pageSize: 10 });
    expect(found.map((result) => result.path)).toEqual(['billing/plans']);
    const plans = await hybridSearch(index, 'downgrade to a cheaper plan', { pageSize: 10 });
    expect(plans.map((result) => result.path).sort()).toEqual(['billing/plans', 'deploy/plans']);
    expect(await hybridSearch(index, 'subscription refund chargeback', { pageSize: 10 })).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'billing/plans' })]),
    );
    expect(await hybridSearch(index, 'qwzx', { pageSize: 10 })).toEqual([]);
  });
});
