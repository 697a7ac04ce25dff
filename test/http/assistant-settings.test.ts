import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { buildApp } from '../../runtime/http/build-app.ts';
import {
  AssistantSettingsError,
  createAssistantSettingsStore,
} from '../../runtime/settings/assistant-settings-store.ts';
import { publishTestSite, testSiteFiles } from '../helpers/publish-test-site.ts';

const SETTINGS = {
  default: { support: { email: 'help@example.org' } },
  domains: {
    example: {
      starterQuestions: ['How do I install the CLI?'],
      starterQuestionsByPath: { '/billing': ['When are invoices emailed?'] },
    },
    other: { support: { url: 'https://other.example.org/support' } },
  },
};

describe('GET /v1/assistant/{domain}/settings', () => {
  let directory: string;
  let app: FastifyInstance;
  let key: string;
  let browserKey: string;
  let otherKey: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-settings-'));
    await publishTestSite(path.join(directory, 'dist'), 'example');
    await publishTestSite(path.join(directory, 'dist'), 'other', {
      ...testSiteFiles('Other'),
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'Other',
        colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
        navigation: { pages: ['quickstart'] },
      }),
    });
    await mkdir(path.join(directory, 'data'), { recursive: true });
    await writeFile(path.join(directory, 'data', 'assistant-settings.json'), JSON.stringify(SETTINGS));
    const keys = createKeyStore({ file: path.join(directory, 'data', 'keys.json') });
    key = keys.create({ domains: ['example', 'other', 'missing'], org: 'org' }).key;
    browserKey = keys.create({ domains: ['example'], org: 'org', origins: ['https://docs.example.com'] }).key;
    otherKey = keys.create({ domains: ['other'], org: 'org' }).key;
    app = await buildApp({
      artifactsDir: path.join(directory, 'dist'),
      dataDir: path.join(directory, 'data'),
      logger: false,
      limitStore: 'memory',
      limits: { perKeyPerMonth: 1, perOrgPerHour: 1000, perIpPerDay: 1000 },
    });
  });
  afterAll(async () => {
    await app?.close();
    await rm(directory, { recursive: true, force: true });
  });
  const settings = (domain: string, bearer: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/v1/assistant/${domain}/settings`, headers: { authorization: `Bearer ${bearer}`, ...headers } });

  it("answers the site's name and docs.json colours with the operator's settings, its own entry over the default", async () => {
    const example = await settings('example', key);
    expect(example.statusCode).toBe(200);
    expect(example.headers['cache-control']).toBe('private, max-age=300');
    expect(example.json()).toEqual({
      domain: 'example',
      name: 'Example',
      colors: { primary: '#16A34A' },
      starterQuestions: ['How do I install the CLI?'],
      starterQuestionsByPath: { '/billing': ['When are invoices emailed?'] },
      support: { email: 'help@example.org' },
    });
    expect((await settings('other', key)).json()).toEqual({
      domain: 'other',
      name: 'Other',
      colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
      starterQuestions: [],
      starterQuestionsByPath: {},
      support: { url: 'https://other.example.org/support' },
    });
  });

  it('spends no limit: the key of a one-question budget reads its settings again and still asks its question', async () => {
    for (let time = 0; time < 3; time += 1) expect((await settings('other', otherKey)).statusCode).toBe(200);
    const asked = await app.inject({
      method: 'POST',
      url: '/v2/assistant/other/message',
      headers: { authorization: `Bearer ${otherKey}` },
      payload: {
        fp: 'fp',
        messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'How do I install the CLI?' }] }],
      },
    });
    expect(asked.statusCode).toBe(200);
  });

  it('refuses a bad key, another domain and a domain without a build as every /{domain} route does', async () => {
    expect((await settings('example', 'ds_000000000000_nope')).json().error.code).toBe('invalid_key');
    expect((await app.inject({ url: '/v1/assistant/example/settings' })).json().error.code).toBe('missing_key');
    expect((await settings('example', otherKey)).json().error.code).toBe('forbidden_domain');
    expect((await settings('missing', key)).json().error.code).toBe('unknown_domain');
  });

  it('lets a refused origin read its refusal (forbidden_origin, with CORS on that 403) so the widget can say why', async () => {
    const refused = await settings('example', browserKey, { origin: 'https://elsewhere.example.net' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden_origin');
    expect(refused.headers['access-control-allow-origin']).toBe('https://elsewhere.example.net');
    const allowed = await settings('example', browserKey, { origin: 'https://docs.example.com' });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://docs.example.com');
  });

  it('caches the preflight of the settings and message requests for ten minutes', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/assistant/example/settings',
      headers: {
        origin: 'https://docs.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers['access-control-max-age']).toBe('600');
  });
});

describe('the assistant settings file', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'docsmith-settings-file-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('is no settings when missing; re-read when it changes; a change that breaks it keeps the last good settings and says why', async () => {
    const file = path.join(directory, 'reloaded.json');
    const refused: string[] = [];
    const store = createAssistantSettingsStore({
      file,
      reloadCheckMs: 0,
      onInvalidReload: (error) => refused.push(error.message),
    });
    expect(store.forDomain('acme')).toEqual({});
    await writeFile(file, JSON.stringify({ domains: { acme: { starterQuestions: ['First?'] } } }));
    expect(store.forDomain('acme')).toEqual({ starterQuestions: ['First?'] });
    await writeFile(file, '{"domains": {"acme": {"starterQuestions": ["Second?"]');
    expect(store.forDomain('acme')).toEqual({ starterQuestions: ['First?'] });
    expect(refused).toEqual([expect.stringMatching(/reloaded\.json: not valid JSON/)]);
  });

  it('refuses an invalid file at start, naming the member and what is expected', async () => {
    const cases: [unknown, string][] = [
      [
        { domains: { acme: { starterQuestion: ['Typo?'] } } },
        'unexpected member "starterQuestion" in /domains/acme, expected one of starterQuestions, starterQuestionsByPath, support',
      ],
      [
        { domains: { acme: { starterQuestions: ['1', '2', '3', '4'] } } },
        '/domains/acme/starterQuestions must NOT have more than 3 items',
      ],
      [
        { default: { support: { email: 'not an address' } } },
        '/default/support/email is not valid, expected an email address',
      ],
      [
        { default: { support: { url: 'javascript:alert(1)' } } },
        '/default/support/url is not valid, expected an http(s) or mailto: URL',
      ],
      [
        { domains: { acme: { starterQuestionsByPath: { api: ['Relative?'] } } } },
        'the key "api" of /domains/acme/starterQuestionsByPath is not valid, expected a path prefix starting with /',
      ],
    ];
    for (const [content, reason] of cases) {
      const file = path.join(directory, 'invalid.json');
      await writeFile(file, JSON.stringify(content));
      expect(() => createAssistantSettingsStore({ file })).toThrow(new AssistantSettingsError(`${file}: ${reason}`));
    }
    await expect(
      buildApp({
        artifactsDir: path.join(directory, 'dist'),
        dataDir: directory,
        assistantSettingsFile: path.join(directory, 'invalid.json'),
        logger: false,
        limitStore: 'memory',
      }),
    ).rejects.toThrow(AssistantSettingsError);
  });
});
