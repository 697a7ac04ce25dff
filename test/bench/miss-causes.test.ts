import { describe, expect, it } from 'vitest';
import { missCause } from '../../bench/retrieval/miss-causes.ts';
import { buildSearchArtifact } from '../../pipeline/assemble/build-search-artifact.ts';
import { loadSearchIndex, search } from '../../runtime/search/index.ts';
import { section } from '../helpers/section-record.ts';

describe('misses by cause in the retrieval bench', () => {
  const index = loadSearchIndex(
    JSON.parse(
      JSON.stringify(
        buildSearchArtifact([
          section(
            'webhooks/rotate',
            'Rotate signing secrets',
            'Create a second secret, deploy it, then revoke the first one.',
            { context: { groups: ['Webhooks'] } },
          ),
          section(
            'webhooks/retries',
            'Retries',
            'Failed deliveries are retried with backoff; a signing secret signs each retry.',
            { context: { groups: ['Webhooks'] } },
          ),
          section(
            'overview',
            'Overview',
            'Rotate signing secrets\nRetry deliveries\nReplay messages\nFilter events\nThrottle endpoints',
            { links: 5 },
          ),
          section('sdks/python/verify', 'Verify', 'Call verify(payload, secret) in Python.', {
            context: { groups: ['Python'] },
          }),
          section('sdks/php/verify', 'Verify', 'Call verify($payload, $secret) in PHP.', {
            context: { groups: ['PHP'] },
          }),
          section('context/call', 'Invoke', 'context.call(fn) invokes a function.'),
          section('billing/invoices', 'Invoices', 'Download invoices as PDF.'),
        ]),
      ),
    ),
  );
  const cause = (question: string, gold: string, ranked: string[]) =>
    missCause(index, {
      question,
      gold: [gold],
      isGold: (path) => path === gold,
      ranked: ranked.map(
        (path) =>
          search(index, path.split('/').join(' ')).find((result) => result.path === path) ?? {
            path,
            anchor: '',
            title: '',
            headingPath: [],
            snippet: '',
            text: '',
            score: 1,
            metadata: { groups: [] },
          },
      ),
    });

  it('names a typo, an identifier, a twin and a hub first page', () => {
    expect(cause('how do I rotate a signing secrett', 'webhooks/rotate', ['webhooks/retries', 'webhooks/rotate'])).toBe(
      'typo',
    );
    expect(cause('what does context.call return', 'context/call', ['webhooks/retries', 'context/call'])).toBe(
      'identifier',
    );
    expect(cause('verify a payload in python', 'sdks/python/verify', ['sdks/php/verify', 'sdks/python/verify'])).toBe(
      'twin',
    );
    expect(cause('rotate signing secrets', 'webhooks/rotate', ['overview', 'webhooks/rotate'])).toBe('hub');
  });

  it("tells a sibling sharing the question's words from a paraphrase the gold page does not say", () => {
    expect(cause('retry a signing secret', 'webhooks/rotate', ['webhooks/retries', 'webhooks/rotate'])).toBe('sibling');
    expect(cause('money statements for failed deliveries', 'billing/invoices', ['webhooks/retries'])).toBe(
      'paraphrase',
    );
  });
});
