import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteSource } from '../../cli/read-site-source.ts';
import { buildSite } from '../../pipeline/assemble/build-site.ts';
import { siteSourceFromObject } from '../../pipeline/site/site-source.ts';
import { listAsyncApiChannels } from '../../pipeline/openapi/asyncapi-channel.ts';
import { loadAsyncApiDocuments } from '../../pipeline/openapi/load-asyncapi-documents.ts';
import { expandManifestPages } from '../../schemas/expand-manifest-pages.ts';
import type { ManifestNavigationNode } from '../../schemas/manifest.ts';

const fixtureDir = path.resolve(import.meta.dirname, '../fixtures/asyncapi');

/** The generated groups of the navigation as `label: [paths]`, depth first. */
function generatedGroups(nodes: readonly ManifestNavigationNode[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.generated === true
      ? [`${node.label}: ${(node.children ?? []).map((child) => child.path).join(', ')}`]
      : []),
    ...generatedGroups(node.children ?? []),
  ]);
}

describe('AsyncAPI channel pages (fixture site)', async () => {
  const result = await buildSite(await readSiteSource(fixtureDir), { domain: 'asyncapi' });
  const pages = new Map(result.manifest ? expandManifestPages(result.manifest).map((page) => [page.path, page]) : []);
  const markdown = (route: string): string => result.files.get(`pages/${route}.md`) ?? '';

  it('generates a page per channel at the platform path, grouped by first tag, else Websockets', () => {
    expect(generatedGroups(result.manifest?.navigation ?? [])).toEqual([
      'Websockets: ws/websockets/priceupdates',
      'Account: ws/account/account-balance',
      'Websockets: api-reference/websockets/orders',
    ]);
    expect(pages.get('ws/websockets/priceupdates')).toMatchObject({
      title: 'Price updates',
      description: 'Live price ticks for every subscribed symbol.',
      kind: 'asyncapi',
      channel: { specFile: 'asyncapi.yaml', id: 'priceUpdates' },
      context: { tab: 'Guides', groups: ['WebSocket API', 'Websockets'] },
    });
    expect(pages.get('ws/account/account-balance')).toMatchObject({
      title: 'Account balance',
      description: 'Balance changes of the authorised account.',
    });
  });

  it('shows the address, server, parameters, bindings and each direction’s messages with their payload fields', () => {
    expect(markdown('ws/websockets/priceupdates')).toContain(
      [
        'Channel /prices/{symbol}',
        'Server: wss://stream.example.com',
        'Live price ticks for every subscribed symbol.',
        '',
        '## Parameters',
        '',
        'symbol: Ticker to stream.',
        '',
        '## Bindings',
        '',
        'ws: method GET',
        '',
        '## Receive',
        '',
        'Message PriceTick: One price tick.',
        'symbol (string): Ticker symbol of the instrument.',
        'price (number): Last traded price.',
        '',
        '## Send',
        '',
        'Message Subscribe',
        'symbols (string[], required): Symbols to follow.',
      ].join('\n'),
    );
    // A schema that refers to itself is listed down to where it repeats.
    expect(markdown('ws/account/account-balance')).toContain('Message update\namount (number): New balance amount.');
  });

  it('reads AsyncAPI 2 channels: publish is sent, subscribe received, oneOf lists each message', () => {
    expect(markdown('api-reference/websockets/orders')).toContain(
      [
        'Channel orders',
        'Server: wss://legacy.example.com/ws',
        'Order book updates.',
        '',
        '## Send',
        '',
        'Message PlaceOrder',
        'side (string): Order side. One of: buy, sell.',
        '',
        '## Receive',
        '',
        'Message OrderFilled: An order was filled.',
        'Message OrderCancelled',
      ].join('\n'),
    );
  });

  it('adds the channel after the body of a page with frontmatter asyncapi, titled by the channel when untitled', () => {
    expect(pages.get('stream')).toMatchObject({
      title: 'Price updates',
      kind: 'mdx',
      channel: { specFile: 'asyncapi.yaml', id: 'priceUpdates' },
    });
    expect(markdown('stream')).toMatch(/Subscribe to live prices\.\n\n## AsyncAPI\n\nChannel \/prices\/\{symbol\}/);
    // A document named relative to the page, and a page titled by its own frontmatter.
    expect(pages.get('legacy-stream')).toMatchObject({
      title: 'Orders',
      channel: { specFile: 'legacy.json', id: 'orders' },
    });
    expect(markdown('legacy-stream')).toContain('Message PlaceOrder');
  });

  it('reports a missing document as an error, a remote one as skipped, an unparsable one and an unknown channel, never a stack trace', () => {
    const summary = result.diagnostics
      .filter((diagnostic) => diagnostic.ruleId !== 'missing-title')
      .map((diagnostic) => `${diagnostic.severity} ${diagnostic.ruleId} ${diagnostic.file}:${diagnostic.line}`);
    expect(summary.sort()).toEqual(
      [
        'error missing-spec docs.json:14',
        'warning remote-spec-skipped docs.json:14',
        'error spec-parse unparsable.yaml:4',
        'warning unknown-channel typo.mdx:1',
      ].sort(),
    );
    const unknown = result.diagnostics.find((diagnostic) => diagnostic.ruleId === 'unknown-channel');
    expect(unknown?.message).toContain('`priceUpdate`');
    expect(unknown?.hint).toBe('Did you mean `priceUpdates`?');
    expect(result.diagnostics.every((diagnostic) => !/\n\s+at /.test(diagnostic.message))).toBe(true);
  });
});

describe('AsyncAPI 3 message directions', () => {
  it('turns an operation’s action to the reader’s side, as the platform’s page does: `receive` is sent, `send` received', () => {
    // The action is the documented application's: a client sends what the server receives (the platform's own
    // WebSocket playground example names `sendTestMessage` with `action: receive`).
    const configure = { name: 'Configure', payload: { type: 'object', properties: { lang: { type: 'string' } } } };
    const result = { name: 'Result', payload: { type: 'object', properties: { text: { type: 'string' } } } };
    const channel = { address: '/stream', messages: { configure, result } };
    const [listed] = listAsyncApiChannels(
      {
        channels: { transcription: channel },
        operations: {
          sendConfig: { action: 'receive', channel, messages: [configure] },
          receiveResult: { action: 'send', channel, messages: [result] },
        },
      },
      3,
    );
    expect(listed?.messageGroups.map((group) => `${group.direction}: ${group.messages[0]?.name}`)).toEqual([
      'send: Configure',
      'receive: Result',
    ]);
  });

  it('gathers the messages of every operation of one direction into one list, as the platform’s page lists them', () => {
    const message = (name: string) => ({
      name,
      payload: { type: 'object', properties: { value: { type: 'string' } } },
    });
    const [configure, audio, eof, result] = ['Configure', 'AudioChunk', 'EOF', 'Result'].map(message);
    const channel = { address: '/stream', messages: { configure, audio, eof, result } };
    const [listed] = listAsyncApiChannels(
      {
        channels: { transcription: channel },
        operations: {
          sendConfig: { action: 'receive', channel, messages: [configure] },
          receiveResult: { action: 'send', channel, messages: [result] },
          sendAudio: { action: 'receive', channel, messages: [audio] },
          sendEof: { action: 'receive', channel, messages: [eof] },
        },
      },
      3,
    );
    expect(
      listed?.messageGroups.map((group) => `${group.direction}: ${group.messages.map((m) => m.name).join(', ')}`),
    ).toEqual(['send: Configure, AudioChunk, EOF', 'receive: Result']);
  });
});

describe('hostile AsyncAPI documents', () => {
  const locate = () => ({ file: 'docs.json', line: 1, column: 1 });
  const load = (text: string, name = 'asyncapi.yaml') =>
    loadAsyncApiDocuments({
      references: [{ file: name, pointer: '/navigation/groups/0/asyncapi' }],
      source: siteSourceFromObject({ [name]: text }),
      locate,
    });

  it('refuses a document nested too deep before parsing it', async () => {
    const deep = `{"asyncapi":"3.0.0","channels":{"a":${'{"x":'.repeat(5000)}1${'}'.repeat(5000)}}}`;
    const { documents, diagnostics } = await load(deep, 'asyncapi.json');
    expect(documents.size).toBe(0);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', file: 'asyncapi.json' });
  });

  it('bounds alias expansion and survives reference loops and prototype keys', async () => {
    const laughs = [
      'asyncapi: 3.0.0',
      'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
      ...Array.from({ length: 8 }, (_, level) => {
        const name = String.fromCharCode(98 + level);
        const previous = String.fromCharCode(97 + level);
        return `${name}: &${name} [${Array.from({ length: 10 }, () => `*${previous}`).join(',')}]`;
      }),
      'channels: {}',
    ].join('\n');
    const bomb = await load(laughs);
    expect(bomb.documents.size).toBe(0);
    expect(bomb.diagnostics[0]?.ruleId).toBe('spec-parse');

    const loops = await load(
      [
        'asyncapi: 3.0.0',
        'channels:',
        '  loop:',
        '    messages:',
        "      one: { $ref: '#/components/messages/two' }",
        "      proto: { $ref: '#/__proto__/constructor' }",
        'components:',
        '  messages:',
        "    two: { $ref: '#/components/messages/three' }",
        "    three: { $ref: '#/components/messages/two' }",
      ].join('\n'),
    );
    expect(loops.diagnostics).toEqual([]);
    expect(loops.documents.get('asyncapi.yaml')?.channels.map((channel) => channel.id)).toEqual(['loop']);
  });

  it('says why a named file is not an AsyncAPI document', async () => {
    const { diagnostics } = await load('openapi: 3.1.0\npaths: {}\n');
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', ruleId: 'invalid-spec', file: 'docs.json' }),
    ]);
  });
});
