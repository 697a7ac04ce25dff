import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RankRecorder, type Question } from '../../bench/retrieval/question-set.ts';
import {
  locateUnseenSites,
  readUnseenQuestionSet,
  UNSEEN_SITES_VARIABLE,
  unseenBatches,
  unseenBatchStyles,
} from '../../bench/retrieval/unseen-sites.ts';

/** The sites of the unseen split, sorted. */
const UNSEEN_SITES = [
  'ahasend',
  'arroyo',
  'autumn',
  'axiom',
  'bunny',
  'chatwoot',
  'checkly',
  'cline',
  'cosmo',
  'dify',
  'digger',
  'dodopayments',
  'dub',
  'e2b',
  'flexprice',
  'flipt',
  'flox',
  'formbricks',
  'hanko',
  'helius',
  'helixdb',
  'hypermode',
  'inbox-zero',
  'lago',
  'lightdash',
  'meilisearch',
  'nile',
  'openstatus',
  'pangolin',
  'paradedb',
  'peerdb',
  'pipecat',
  'plane',
  'polar',
  'porter',
  'portkey',
  'postiz',
  'prowler',
  'qovery',
  'react-email',
  'reactive-resume',
  'relevance',
  'runpod',
  'salad',
  'sequin',
  'shuttle',
  'suga',
  'tensorzero',
  'tracecat',
  'traceloop',
  'turnkey',
  'turso',
  'typebot',
  'unkey',
  'upstash',
];

describe('the unseen split of the retrieval bench', () => {
  const { sources, questions } = readUnseenQuestionSet();
  const folder = mkdtempSync(path.join(tmpdir(), 'docsmith-unseen-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('pins each site to a repository and commit, and asks at least 15 questions about each, all in the unseen half', () => {
    expect(sources.map((source) => source.site).sort()).toEqual(UNSEEN_SITES);
    for (const source of sources) expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
    for (const source of sources)
      expect(questions.filter((question) => question.corpus === source.site).length).toBeGreaterThanOrEqual(15);
    expect(
      questions.every(
        (question) =>
          question.half === 'unseen' &&
          question.answers.length > 0 &&
          ['paraphrase', 'keyword', 'typo'].includes(question.style ?? ''),
      ),
    ).toBe(true);
    expect(new Set(questions.map((question) => question.question)).size).toBe(questions.length);
  });

  it('says in one line how to get the sites when the variable is unset or a site is missing', () => {
    const unset = locateUnseenSites(sources, {});
    expect(unset).toEqual({
      skipped: expect.stringMatching(
        new RegExp(
          `^unseen split skipped: set ${UNSEEN_SITES_VARIABLE} to a folder holding github.com/flox/docs at a556a943b38e into flox\\+docs/`,
        ),
      ),
    });
    mkdirSync(path.join(folder, 'flox+docs'));
    const partial = locateUnseenSites(sources, { [UNSEEN_SITES_VARIABLE]: folder });
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'flipt-io+docs', 'docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'chatwoot+docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'pipecat-ai+docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'upstash+docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'sequinstream+sequin', 'docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'Portkey-AI+docs-core')}, `);
    expect('skipped' in partial && partial.skipped).toContain(
      `${path.join(folder, 'formbricks+formbricks', 'docs')}, `,
    );
    expect('skipped' in partial && partial.skipped).toContain(
      `${path.join(folder, 'prowler-cloud+prowler', 'docs')}, `,
    );
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'gitroomhq+postiz-docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'polarsource+polar', 'docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'RelevanceAI+relevance-docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(
      `${path.join(folder, 'Qovery+documentation-v2', 'docs')}, `,
    );
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'AhaSend+docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'traceloop+docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(
      `${path.join(folder, 'tensorzero+tensorzero', 'docs')}, `,
    );
    expect('skipped' in partial && partial.skipped).toContain(`${path.join(folder, 'elie222+inbox-zero', 'docs')}, `);
    expect('skipped' in partial && partial.skipped).toContain(
      `${path.join(folder, 'amruthpillai+reactive-resume', 'docs')} not found`,
    );
    expect('skipped' in partial && partial.skipped).not.toContain(`${path.join(folder, 'flox+docs')},`);
  });

  it('groups the sites by the batch their questions were written in, the first batch first', () => {
    expect(unseenBatches(sources)).toEqual([
      { name: 'batch 1', sites: ['flox', 'flexprice', 'pangolin', 'flipt'] },
      { name: 'batch 2', sites: ['lago', 'dub', 'axiom', 'dify'] },
      { name: 'batch 3', sites: ['turso', 'helius'] },
      { name: 'batch 4', sites: ['checkly', 'bunny', 'dodopayments', 'chatwoot'] },
      { name: 'batch 5', sites: ['cline', 'paradedb', 'pipecat'] },
      { name: 'batch 6', sites: ['e2b', 'meilisearch', 'upstash'] },
      { name: 'batch 7', sites: ['hanko', 'sequin', 'portkey'] },
      { name: 'batch 8', sites: ['porter', 'salad', 'formbricks'] },
      { name: 'batch 9', sites: ['runpod', 'prowler', 'postiz'] },
      { name: 'batch 10', sites: ['lightdash', 'shuttle', 'polar'] },
      { name: 'batch 11', sites: ['cosmo', 'turnkey', 'relevance'] },
      { name: 'batch 12', sites: ['hypermode', 'qovery', 'ahasend'] },
      { name: 'batch 13', sites: ['unkey', 'typebot', 'peerdb', 'digger', 'traceloop'] },
      { name: 'batch 14', sites: ['plane', 'arroyo', 'openstatus', 'tensorzero'] },
      { name: 'batch 15', sites: ['autumn', 'nile', 'helixdb', 'inbox-zero'] },
      { name: 'batch 16', sites: ['react-email', 'suga', 'tracecat', 'reactive-resume'] },
    ]);
    expect(
      unseenBatches([
        { site: 'b', repo: 'o/b', commit: 'c', config: '.', batch: 3 },
        { site: 'a', repo: 'o/a', commit: 'c', config: '.', batch: 2 },
      ]).map((batch) => batch.name),
    ).toEqual(['batch 2', 'batch 3']);
  });

  it('finds each site under <owner>+<name>, in the folder holding its docs.json', () => {
    for (const directory of [
      'flexprice+flexprice-docs',
      'flipt-io+docs/docs',
      'fosrl+docs-v2',
      'getlago+lago-doc',
      'dubinc+docs',
      'axiomhq+docs',
      'langgenius+dify-docs',
      'tursodatabase+turso-docs',
      'helius-labs+docs',
      'checkly+docs',
      'BunnyWay+documentation',
      'dodopayments+dodo-docs',
      'chatwoot+docs',
      'cline+cline/docs',
      'paradedb+paradedb/docs',
      'pipecat-ai+docs',
      'e2b-dev+docs',
      'meilisearch+documentation',
      'upstash+docs',
      'teamhanko+docs',
      'sequinstream+sequin/docs',
      'Portkey-AI+docs-core',
      'porter-dev+docs',
      'SaladTechnologies+salad-cloud-docs',
      'formbricks+formbricks/docs',
      'runpod+docs',
      'prowler-cloud+prowler/docs',
      'gitroomhq+postiz-docs',
      'lightdash+mintlify-docs',
      'shuttle-hq+shuttle-docs',
      'polarsource+polar/docs',
      'wundergraph+cosmo-docs/docs',
      'tkhq+docs',
      'RelevanceAI+relevance-docs',
      'hypermodeinc+docs',
      'Qovery+documentation-v2/docs',
      'AhaSend+docs',
      'unkeyed+unkey/docs/product',
      'baptisteArno+typebot.io/apps/docs',
      'PeerDB-io+docs',
      'diggerhq+digger/docs',
      'traceloop+docs',
      'makeplane+developer-docs',
      'ArroyoSystems+arroyo-docs',
      'openstatusHQ+openstatus/apps/docs',
      'tensorzero+tensorzero/docs',
      'useautumn+autumn/apps/docs/mintlify',
      'niledatabase+niledatabase/www/app/docs',
      'HelixDB+helix-db/docs',
      'elie222+inbox-zero/docs',
      'resend+react-email/apps/docs',
      'nitrictech+suga/docs',
      'TracecatHQ+tracecat/docs',
      'amruthpillai+reactive-resume/docs',
    ])
      mkdirSync(path.join(folder, directory), { recursive: true });
    const located = locateUnseenSites(sources, { [UNSEEN_SITES_VARIABLE]: folder });
    expect('directories' in located && located.directories.get('flipt')).toBe(
      path.join(folder, 'flipt-io+docs', 'docs'),
    );
    expect('directories' in located && [...located.directories.keys()].sort()).toEqual(UNSEEN_SITES);
  });
});

describe('RankRecorder', () => {
  const question = (corpus: string, answer: string): Question => ({
    corpus,
    half: 'unseen',
    question: `where is ${answer}`,
    answers: [answer],
  });

  it('summarises a split over every site and per site', () => {
    const recorder = new RankRecorder();
    recorder.record('docsmith', question('flox', 'a'), ['a', 'b']);
    recorder.record('docsmith', question('flox', 'b'), ['a', 'b']);
    recorder.record('docsmith', question('flipt', 'v2/c'), ['x', 'y', 'z', 'w', 'v', 'u']);
    recorder.record('baseline', question('flipt', 'v2/c'), ['v2/c']);
    expect(recorder.figures('docsmith', 'unseen')).toEqual({
      system: 'docsmith',
      half: 'unseen',
      questions: 3,
      recallAt1: 1 / 3,
      recallAt5: 2 / 3,
      mrrAt10: 0.5,
    });
    expect(recorder.figures('docsmith', 'unseen', 'flox')).toEqual({
      system: 'docsmith',
      half: 'unseen',
      site: 'flox',
      questions: 2,
      recallAt1: 0.5,
      recallAt5: 1,
      mrrAt10: 0.75,
    });
    expect(recorder.figures('baseline', 'unseen', 'flipt').recallAt1).toBe(1);
  });

  it('summarises a named group of sites together', () => {
    const recorder = new RankRecorder();
    recorder.record('docsmith', question('flox', 'a'), ['a']);
    recorder.record('docsmith', question('flipt', 'b'), ['x', 'b']);
    recorder.record('docsmith', question('lago', 'c'), []);
    expect(recorder.figures('docsmith', 'unseen', { name: 'batch 1', sites: ['flox', 'flipt'] })).toEqual({
      system: 'docsmith',
      half: 'unseen',
      site: 'batch 1',
      questions: 2,
      recallAt1: 0.5,
      recallAt5: 1,
      mrrAt10: 0.75,
    });
  });

  it('summarises a batch by the way its questions are typed', () => {
    const recorder = new RankRecorder();
    recorder.record('docsmith', { ...question('flox', 'a'), style: 'keyword' }, ['a']);
    recorder.record('docsmith', { ...question('flipt', 'b'), style: 'paraphrase' }, ['x', 'b']);
    recorder.record('docsmith', { ...question('lago', 'c'), style: 'keyword' }, []);
    const [keyword] = unseenBatchStyles([
      { site: 'flox', repo: 'o/flox', commit: 'c', config: '.', batch: 1 },
      { site: 'flipt', repo: 'o/flipt', commit: 'c', config: '.', batch: 1 },
    ]).filter((group) => group.style === 'keyword');
    expect(keyword?.name).toBe('batch 1, keyword');
    expect(recorder.figures('docsmith', 'unseen', keyword)).toEqual({
      system: 'docsmith',
      half: 'unseen',
      site: 'batch 1, keyword',
      questions: 1,
      recallAt1: 1,
      recallAt5: 1,
      mrrAt10: 1,
    });
  });
});
