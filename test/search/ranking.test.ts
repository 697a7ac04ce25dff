import { describe, expect, it } from 'vitest';
import { buildSearchArtifact } from '../../pipeline/assemble/build-search-artifact.ts';
import { Bm25fIndexBuilder } from '../../runtime/search/bm25f-index.ts';
import { loadSearchIndex, search } from '../../runtime/search/index.ts';
import { type SectionRecord } from '../../contract/search/index.ts';
import { pagePlaceText } from '../../runtime/search/page-place-text.ts';
import { TypoCorrector } from '../../runtime/search/typo-corrector.ts';
import { section } from '../helpers/section-record.ts';

const load = (records: SectionRecord[]) => loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact(records))));

describe('BM25F index', () => {
  const parameters = {
    k1: 1.2,
    fields: {
      title: { weight: 6, b: 0.3 },
      headings: { weight: 3, b: 0.3 },
      body: { weight: 1, b: 0.75 },
      place: { weight: 2, b: 0.3 },
      description: { weight: 3, b: 0.3 },
    },
  };

  it('weighs a title match above the same term in the body, and saturates repeated terms', () => {
    const builder = new Bm25fIndexBuilder(parameters);
    builder.add([['retri'], [], ['other', 'text'], [], []]);
    builder.add([['other'], [], ['retri', 'text'], [], []]);
    builder.add([['third'], [], ['retri', 'retri', 'retri', 'retri', 'retri', 'retri'], [], []]);
    const index = builder.finish();
    const ranked = index.search([{ term: 'retri', weight: 1 }], 10);
    expect(ranked[0]?.[0]).toBe(0);
    expect(ranked.map(([document]) => document).sort()).toEqual([0, 1, 2]);
    const repeated = ranked.find(([document]) => document === 2)?.[1] as number;
    const once = ranked.find(([document]) => document === 1)?.[1] as number;
    expect(repeated / once).toBeLessThan(3);
    expect(index.search([{ term: 'absent', weight: 1 }], 10)).toEqual([]);
    expect(index.search([{ term: 'retri', weight: 1 }], 1)).toHaveLength(1);
  });
});

describe('BM25F index limits', () => {
  it('returns exactly the best `limit` documents, ties included, as the full ranking cut at `limit`', () => {
    const parameters = {
      k1: 1.2,
      fields: {
        title: { weight: 6, b: 0.3 },
        headings: { weight: 3, b: 0.3 },
        body: { weight: 1, b: 0.75 },
        place: { weight: 2, b: 0.3 },
        description: { weight: 3, b: 0.3 },
      },
    };
    const builder = new Bm25fIndexBuilder(parameters);
    let seed = 7;
    const next = (): number => (seed = (seed * 48271) % 2147483647) % 5;
    for (let document = 0; document < 500; document += 1)
      builder.add([
        [],
        [],
        Array.from({ length: 1 + next() }, () => ['alpha', 'beta', 'gamma', 'delta', 'omega'][next()] as string),
        [],
        [],
      ]);
    const index = builder.finish();
    const query = [
      { term: 'alpha', weight: 1 },
      { term: 'gamma', weight: 0.5 },
    ];
    const everything = index.search(query, 1000);
    for (const limit of [1, 2, 7, 50, 199, everything.length - 1])
      expect(index.search(query, limit)).toEqual(everything.slice(0, limit));
  });
});

describe('typo tolerance', () => {
  const vocabulary = {
    terms: () => ['account', 'accent', 'resourc', 'configur', 'host', 'pagin'],
    documentFrequency: (term: string) =>
      term === 'account' ? 5 : ['accent', 'resourc', 'configur', 'host', 'pagin'].includes(term) ? 1 : 0,
  };
  const corrector = new TypoCorrector(vocabulary);

  it('corrects unknown terms to the nearest indexed term, one edit for short words and two for long ones', () => {
    expect(corrector.correct('acount')).toBe('account');
    expect(corrector.correct('resouc')).toBe('resourc');
    expect(corrector.correct('confgiur')).toBe('configur');
  });

  it('counts two swapped neighbouring letters as one edit', () => {
    expect(corrector.correct('acocunt')).toBe('account');
    expect(corrector.correct('hsot')).toBe('host');
    expect(corrector.correct('resoucr')).toBe('resourc');
    expect(corrector.correct('rseoucr')).toBeUndefined();
  });

  it('gives a tie to the word the misspelling left a letter out of, before the more frequent one', () => {
    const limits = new TypoCorrector({
      terms: () => ['list', 'limit'],
      documentFrequency: (term: string) => (term === 'list' ? 40 : term === 'limit' ? 3 : 0),
    });
    expect(limits.correct('limt')).toBe('limit');
    expect(limits.correct('lsit')).toBe('list');
  });

  it('falls back to the longest indexed prefix when a misspelt suffix kept the stemmer from stripping it', () => {
    expect(corrector.correct('paginaton')).toBe('pagin');
    expect(corrector.correct('paginat')).toBe('pagin');
    expect(corrector.correct('paginationswrong')).toBeUndefined();
    expect(corrector.correct('hostname')).toBeUndefined();
  });

  it('leaves indexed terms, short terms, identifiers with digits and far-off words alone', () => {
    expect(corrector.correct('account')).toBeUndefined();
    expect(corrector.correct('hst')).toBeUndefined();
    expect(corrector.correct('acount2')).toBeUndefined();
    expect(corrector.correct('zebra')).toBeUndefined();
  });

  it('leaves a term longer than 64 characters alone: a pasted blob, not a misspelt word', () => {
    const only = (indexed: string) =>
      new TypoCorrector({ terms: () => [indexed], documentFrequency: (term) => (term === indexed ? 1 : 0) });
    const blob = 'ab'.repeat(33);
    expect(only(blob).correct(`${blob.slice(0, 64)}aa`)).toBeUndefined();
    expect(only(blob.slice(0, 60)).correct(`${blob.slice(0, 58)}aa`)).toBe(blob.slice(0, 60));
  });

  it('finds the page through a misspelt question', () => {
    const index = load([
      section('account/delete', 'Delete your account', 'Closing removes every project.'),
      section('billing', 'Billing', 'Invoices are monthly.'),
    ]);
    expect(search(index, 'how do I delete my acount')[0]?.path).toBe('account/delete');
  });
});

describe('the page place field', () => {
  it('holds tab, groups and route words with SDK language aliases', () => {
    const text = pagePlaceText(
      section('sdks/ts/2025-01-01/client', 'Client', '', {
        context: { tab: 'SDKs', groups: ['Libraries'], version: 'v2' },
      }),
    );
    expect(text.split(' ')).toEqual(
      expect.arrayContaining(['SDKs', 'Libraries', 'sdks', 'ts', 'client', 'typescript', 'javascript']),
    );
    expect(text).not.toContain('2025');
  });

  it('leaves version and language folders out, and reads route words named like object properties as words', () => {
    const text = pagePlaceText(
      section('v1.15.14/pt-br/constructor/to-string', 'Constructor', '', {
        context: { groups: ['API'], version: 'v1.15.14', language: 'pt-BR' },
      }),
    );
    expect(text.split(' ')).toEqual(['API', 'constructor', 'to', 'string']);
    expect(
      pagePlaceText(
        section('edge/en/hooks', 'Hooks', '', { context: { groups: [], version: 'Edge', language: 'en' } }),
      ),
    ).toBe('hooks');
  });

  it('answers a language-specific question with that language SDK page', () => {
    const index = load([
      section(
        'sdks/ts/verify',
        'Verify signatures',
        'Call verify(payload, header, secret) before trusting the request.',
        { context: { groups: ['SDKs'] } },
      ),
      // Not the TypeScript page's text: identical pages are one content, found at its preferred path (issue #14).
      section(
        'sdks/py/verify',
        'Verify signatures',
        'Call verify(payload, header, secret) before trusting the request, as in verify_webhook.',
        { context: { groups: ['SDKs'] } },
      ),
    ]);
    expect(search(index, 'verify a signature in the TypeScript client')[0]?.path).toBe('sdks/ts/verify');
    expect(search(index, 'python sdk verify signature')[0]?.path).toBe('sdks/py/verify');
    expect(search(index, 'verify a signature in my next.js app')[0]?.path).toBe('sdks/ts/verify');
  });
});

describe('page ranking', () => {
  it('uses the frontmatter description as a strong field', () => {
    const index = load([
      section('guides/keys', 'Keys', 'Create one per environment.', {
        description: 'Rotate credentials without downtime.',
      }),
      section(
        'guides/other',
        'Other',
        'Credentials are mentioned here once, among many other words about projects and teams.',
      ),
    ]);
    expect(search(index, 'rotate credentials')[0]?.path).toBe('guides/keys');
  });

  it('searches the opening words of a page as part of its description', () => {
    const filler = Array.from({ length: 40 }, (_, number) => `step${number}`).join(' ');
    const index = load([
      section('guides/keys', 'Keys', `Rotate credentials here. ${filler}`),
      section('guides/teams', 'Teams', 'Invite people and share projects.'),
      section('guides/teams', 'Teams', 'Admins can also rotate credentials.', {
        anchor: 'admins',
        headingPath: ['Admins'],
      }),
    ]);
    expect(search(index, 'rotate credentials')[0]?.path).toBe('guides/keys');
  });

  it('does not let a long changelog win by volume over the page about the topic', () => {
    const changelog = Array.from({ length: 30 }, (_, number) =>
      section(
        'changelog',
        'Changelog',
        `Release ${number}: webhooks retry faster, webhooks logs, webhook dashboards and more.`,
        { anchor: `r${number}`, headingPath: [`Release ${number}`] },
      ),
    );
    const others = Array.from({ length: 40 }, (_, number) =>
      section(
        `guides/topic-${number}`,
        `Topic ${number}`,
        `Projects, teams and invoices explained for topic ${number}.`,
      ),
    );
    const index = load([
      ...changelog,
      ...others,
      section(
        'webhooks/retries',
        'Webhook retries',
        'Failed webhooks are retried with exponential backoff for three days.',
      ),
    ]);
    expect(search(index, 'how are webhooks retried')[0]?.path).toBe('webhooks/retries');
  });
});

describe('page outlines', () => {
  it('ranks the page whose headings cover the question above one that only mentions its words in a body', () => {
    const filler = Array.from({ length: 80 }, (_, number) => `word${number}`).join(' ');
    const index = load([
      section('security', 'Security', 'Overview of how requests are protected.'),
      section('security', 'Security', 'Each endpoint has its own value, shown once.', {
        anchor: 'signing-secret',
        headingPath: ['Signing secret'],
      }),
      section('security', 'Security', 'Create a second value, deploy it, then revoke the first one.', {
        anchor: 'rotation',
        headingPath: ['Rotation without downtime'],
      }),
      section('quickstart', 'Quickstart', filler),
      section(
        'quickstart',
        'Quickstart',
        'Copy the signing secret; its rotation happens without downtime. A signing secret rotation runs without downtime.',
        { anchor: 'notes', headingPath: ['Notes'] },
      ),
      ...Array.from({ length: 10 }, (_, number) =>
        section(`other-${number}`, `Other ${number}`, `Unrelated text ${number} about projects and a secret.`),
      ),
    ]);
    expect(search(index, 'signing secret rotation without downtime')[0]?.path).toBe('security');
  });
});

describe('query language', () => {
  const records = [
    section(
      'troubleshooting',
      'Troubleshooting',
      'Deliveries time out after 15 seconds: answer 200 first, then process the event.',
      { context: { language: 'en', groups: [] } },
    ),
    section(
      'fr/troubleshooting',
      'Dépannage',
      'Les livraisons expirent après 15 secondes : répondez 200 puis traitez l’événement.',
      { context: { language: 'fr', groups: [] } },
    ),
    section('endpoints/get', 'Get an endpoint', 'Returns one endpoint by its id.', {
      context: { language: 'en', groups: [] },
    }),
  ];
  const index = loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact(records, { defaultLanguage: 'en' }))));

  it('prefers the pages of the language the question is written in', () => {
    expect(search(index, 'les livraisons expirent, que faire ?')[0]?.path).toBe('fr/troubleshooting');
    expect(search(index, 'deliveries time out')[0]?.path).toBe('troubleshooting');
    expect(search(index, 'fetch a single endpoint by its id')[0]?.path).toBe('endpoints/get');
  });
});

describe('query language on a translated site', () => {
  // Translations keep English words: code, settings, product names. An English question must stay English.
  const page = (path: string, title: string, text: string, language: string) =>
    section(path, title, text, { context: { language, groups: [] } });
  const records = [
    page(
      'organize/hidden-pages',
      'Hidden pages',
      'Hide a page from the sidebar navigation. The page keeps its URL and stays reachable by a direct link.',
      'en',
    ),
    page(
      'fr/organize/hidden-pages',
      'Pages masquées',
      'Masquez une page de la navigation latérale. Exemple : "hidden": true in the page frontmatter, the sidebar from the docs.json keeps its URL working and how it links.',
      'fr',
    ),
    page(
      'zh/organize/hidden-pages',
      '隐藏页面',
      '从侧边栏导航中隐藏页面。示例：the page keeps its URL, hide it from the sidebar with "hidden": true.',
      'zh',
    ),
    page('components/tooltips', 'Tooltips', 'Show a definition when readers hover over a term.', 'en'),
    page(
      'fr/components/tooltips',
      'Infobulles',
      'Affichez une définition quand les lecteurs survolent un terme. Show a definition with the Tooltip component.',
      'fr',
    ),
  ];
  const index = loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact(records, { defaultLanguage: 'en' }))));

  it('answers English questions from the English pages although the translations hold the same English words', () => {
    expect(search(index, 'how do I hide a page from the sidebar but keep its url working')[0]?.path).toBe(
      'organize/hidden-pages',
    );
    expect(search(index, 'show a definition when hovering over a word')[0]?.path).toBe('components/tooltips');
  });

  it('still answers a French or Chinese question from its own pages', () => {
    expect(search(index, 'masquer une page de la navigation')[0]?.path).toBe('fr/organize/hidden-pages');
    expect(search(index, '隐藏页面')[0]?.path).toBe('zh/organize/hidden-pages');
  });
});

describe('the page the reader is on', () => {
  it('ranks the current page first among pages matching the question about as well, and never brings in one that does not match', () => {
    const index = loadSearchIndex(
      JSON.parse(
        JSON.stringify(
          buildSearchArtifact([
            section('a', 'Webhooks A', 'Configure webhook retries.'),
            section('b', 'Webhooks B', 'Configure webhook retries.'),
            section('c', 'Billing', 'Invoices are monthly.'),
          ]),
        ),
      ),
    );
    const first = search(index, 'webhook retries')[0]?.path as string;
    const other = first === 'a' ? 'b' : 'a';
    expect(search(index, 'webhook retries', { currentPath: other })[0]?.path).toBe(other);
    expect(search(index, 'webhook retries', { currentPath: 'c' }).map((result) => result.path)).not.toContain('c');
  });
});

describe('frontmatter keywords and boost', () => {
  it('finds a page by a keyword its text never uses', () => {
    const index = load([
      section('optimize/feedback', 'Feedback', 'Let readers say whether a page helped them.', {
        keywords: ['thumbs rating', 'satisfaction'],
      }),
      section('analytics', 'Analytics', 'Charts of page views and ratings over time.'),
    ]);
    expect(search(index, 'thumbs rating widget')[0]?.path).toBe('optimize/feedback');
  });

  it('raises a boosted page above an equal match, and lowers one boosted below 1, on a compressed scale', () => {
    const records = (boosts: [number | undefined, number | undefined]) => [
      section('a', 'Webhooks A', 'Configure webhook retries.', boosts[0] === undefined ? {} : { boost: boosts[0] }),
      section('b', 'Webhooks B', 'Configure webhook retries.', boosts[1] === undefined ? {} : { boost: boosts[1] }),
    ];
    const scores = (boosts: [number | undefined, number | undefined]) =>
      Object.fromEntries(search(load(records(boosts)), 'webhook retries').map((hit) => [hit.path, hit.score]));
    const plain = scores([undefined, undefined]);
    expect(plain.a).toBe(plain.b);
    const boosted = scores([undefined, 3]);
    expect(Object.keys(boosted)[0]).toBe('b');
    expect((boosted.b as number) / (boosted.a as number)).toBeCloseTo(3 ** 0.3, 2);
    expect(Object.keys(scores([0.25, undefined]))[0]).toBe('b');
  });
});

describe('title coverage', () => {
  it('ranks the page whose whole title is asked for first', () => {
    const index = load([
      section('models/push', 'Push a model', 'Uploads a model to the registry so others can pull it.'),
      section(
        'models/pull',
        'Pull a model',
        'Downloads a model from the registry. Models you push can be pulled by anyone with access, push and pull share a namespace.',
      ),
      ...Array.from({ length: 10 }, (_, number) =>
        section(`other-${number}`, `Other ${number}`, `Unrelated text ${number}.`),
      ),
    ]);
    expect(search(index, 'push a model')[0]?.path).toBe('models/push');
  });
});
