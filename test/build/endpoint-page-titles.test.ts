import { describe, expect, it } from 'vitest';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';

const ok = { 200: { description: 'OK' } };

/** A spec of operations without summaries, as generated API references often are, and a summarised webhook. */
const spec = {
  openapi: '3.1.0',
  info: { title: 'Tokens', version: '1' },
  paths: {
    '/token/{id}/image': { get: { tags: ['tokens'], responses: ok } },
    '/token/{tokenId}/comment/{commentId}/pin': { post: { tags: ['tokens'], responses: ok } },
    '/token/{id}': { get: { tags: ['tokens'], responses: ok } },
    '/token/{name}': { get: { tags: ['tokens'], responses: ok } },
    '/token/{id}/feed': { get: { tags: ['tokens'], summary: 'Token feed', responses: ok } },
  },
  webhooks: {
    'payment.completed': { post: { tags: ['webhooks'], summary: 'payment.completed', responses: ok } },
    'payment.voided': {
      post: {
        tags: ['webhooks'],
        summary: 'payment.voided',
        'x-mint': { metadata: { title: 'Voided' } },
        responses: ok,
      },
    },
  },
};

describe('endpoint pages generated from a spec', () => {
  it('are titled by the summary, else from their file name as the platform generator titles them', async () => {
    const result = await buildSite(
      siteSourceFromObject({
        'docs.json': JSON.stringify({
          theme: 'mint',
          name: 'Acme',
          colors: { primary: '#0F766E' },
          navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: [] }] },
        }),
        'openapi.json': JSON.stringify(spec),
      }),
      { domain: 'acme' },
    );
    // `generateOpenApiPages`: `x-mint.metadata.title`, else a path operation's summary, else `slugToTitle` of the
    // file name — made from the method and the path without its parameters, `-1` when taken; a webhook's summary
    // names its file but never titles it.
    expect(result.manifest?.pages.map((page) => [page.path, page.title])).toEqual([
      ['api-reference/tokens/get-token-image', 'Get token image'],
      ['api-reference/tokens/post-token-comment-pin', 'Post token comment pin'],
      ['api-reference/tokens/get-token', 'Get token'],
      ['api-reference/tokens/get-token-1', 'Get token 1'],
      ['api-reference/tokens/token-feed', 'Token feed'],
      ['api-reference/webhooks/paymentcompleted', 'Paymentcompleted'],
      ['api-reference/webhooks/paymentvoided', 'Voided'],
    ]);
    expect(result.files.get('pages/api-reference/tokens/get-token-image.md')).toMatch(/^# Get token image\n/);
  });
});
