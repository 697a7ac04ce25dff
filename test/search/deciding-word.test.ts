import { describe, expect, it } from 'vitest';
import { buildSearchArtifact } from '../../pipeline/assemble/build-search-artifact.ts';
import { loadSearchIndex, search } from '../../runtime/search/index.ts';
import { type SectionRecord } from '../../contract/search/index.ts';
import { identifierTerms, searchTerms } from '../../contract/search/identifier-terms.ts';
import { splitExclusions } from '../../runtime/search/query-exclusions.ts';
import { titleQualifiers } from '../../runtime/search/title-qualifiers.ts';
import { section } from '../helpers/section-record.ts';

const load = (records: SectionRecord[]) => loadSearchIndex(JSON.parse(JSON.stringify(buildSearchArtifact(records))));
const first = (
  records: SectionRecord[] | ReturnType<typeof load>,
  query: string,
  options: Parameters<typeof search>[2] = {},
) => search(Array.isArray(records) ? load(records) : records, query, options)[0]?.path;
/** Unrelated pages, so that the words of the pages under test are rare enough to matter, as on a real site. */
const others = Array.from({ length: 12 }, (_, number) =>
  section(`guides/other-${number}`, `Guide ${number}`, `Projects, invoices and teams explained, part ${number}.`),
);

describe('a title several pages share is read with its place', () => {
  it('labels each page of a shared title with the innermost navigation name or folder the others do not all share, and keeps the terms that tell it apart', () => {
    const qualifiers = titleQualifiers(
      [
        section('api/organizations/list', 'List', '', { context: { groups: ['API', 'Organizations'] } }),
        section('api/tokens/list', 'List', '', { context: { groups: ['API', 'Tokens'] } }),
        section('k8s/helm', 'Helm', '', { context: { groups: ['Kubernetes'] } }),
        section('k8s/agent/helm', 'helm', '', { context: { groups: ['Kubernetes', 'Agent'] } }),
        section('api/tokens/create', 'Create', '', { context: { groups: ['API', 'Tokens'] } }),
        section('llms/openai', 'OpenAI', '', { context: { groups: ['Supported LLMs'] } }),
        section('embedders/openai', 'OpenAI', '', { context: { groups: ['Supported embedding models'] } }),
        section('memory/update', 'Update memory', '', { context: { groups: ['Core memory operations'] } }),
        section('concepts/update', 'Update memory', '', { context: { groups: ['Core concepts'] } }),
      ],
      searchTerms,
    );
    expect(
      Object.fromEntries([...qualifiers].map(([path, { label, terms }]) => [path, `${label}: ${terms.join(' ')}`])),
    ).toEqual({
      'api/organizations/list': 'Organizations: organ',
      'api/tokens/list': 'Tokens: token',
      'k8s/helm': 'Kubernetes: kubernet',
      'k8s/agent/helm': 'Agent: agent',
      'llms/openai': 'Supported LLMs: llms',
      'embedders/openai': 'Supported embedding models: embed model',
      'memory/update': 'Core memory operations: oper',
      'concepts/update': 'Core concepts: concept',
    });
  });

  it('ranks "Organizations › List" first for the organizations a user belongs to, over "List (Organization)" of tokens', () => {
    const endpoint = (group: string, title: string, text: string) =>
      section(`api/${group.toLowerCase()}/${title.toLowerCase().replace(/\W+/g, '-')}`, title, text, {
        context: { groups: ['API', group] },
      });
    const records = [
      endpoint('Databases', 'List', 'Returns a list of databases of the organization.'),
      endpoint('Groups', 'List', 'Returns a list of groups of the organization.'),
      endpoint(
        'Organizations',
        'List',
        'Returns a list of organizations the authenticated user owns or is a member of.',
      ),
      endpoint(
        'Tokens',
        'List (Organization)',
        'Returns the API tokens scoped to this organization, organization-scoped and user tokens alike.',
      ),
      ...others,
    ];
    expect(first(records, 'which endpoint returns the organizations my user belongs to')).toBe(
      'api/organizations/list',
    );
  });

  it("answers a question naming an SDK language from that language's page of a title every SDK has", () => {
    const records = [
      section(
        'sdk/php/reference',
        'Reference',
        'Run several statements in one batch with batch(). A batch runs in one transaction: a failed batch rolls back.',
        { context: { groups: ['SDKs', 'PHP'] } },
      ),
      section('sdk/python/reference', 'Reference', 'Run several statements in one batch with batch().', {
        context: { groups: ['SDKs', 'Python'] },
      }),
      section('sdk/python/quickstart', 'Quickstart', 'Install the package with pip and connect.', {
        context: { groups: ['SDKs', 'Python'] },
      }),
      ...others,
    ];
    expect(first(records, 'python: run statements in a batch transaction')).toBe('sdk/python/reference');
  });

  it("ranks the twin in the reader's place first when the question names none (currentPath)", () => {
    const records = [
      section('sdk/php/reference', 'Reference', 'Run several statements in one batch with batch().', {
        context: { groups: ['SDKs', 'PHP'] },
      }),
      section('sdk/python/reference', 'Reference', 'Run several statements in one batch with batch().  ', {
        context: { groups: ['SDKs', 'Python'] },
      }),
      section('sdk/python/quickstart', 'Quickstart', 'Install the package with pip and connect.', {
        context: { groups: ['SDKs', 'Python'] },
      }),
      section('sdk/php/quickstart', 'Quickstart', 'Install the package with composer and connect.', {
        context: { groups: ['SDKs', 'PHP'] },
      }),
      ...others,
    ];
    const index = load(records);
    const unguided = first(index, 'run statements in one batch');
    const reader = unguided === 'sdk/php/reference' ? 'sdk/python/quickstart' : 'sdk/php/quickstart';
    expect(first(index, 'run statements in one batch', { currentPath: reader })).toBe(
      reader.replace('quickstart', 'reference'),
    );
    expect(first(index, 'run statements in one batch', { currentPath: 'guides/other-1' })).toBe(unguided);
  });
});

describe('what a question excludes', () => {
  it('splits the phrases after "without", "instead of", "rather than", "not the" from the question, keeping the cue', () => {
    expect(splitExclusions('pop the lowest items without blocking')).toEqual({
      included: 'pop the lowest items without ',
      excluded: 'blocking',
    });
    expect(splitExclusions('use useChat, not the React hook, in my server').excluded).toBe('React hook');
    expect(splitExclusions('get notified rather than polling the status endpoint').excluded).toBe('polling');
    expect(splitExclusions('why would I use it instead of API keys?').excluded).toBe('API keys');
    expect(splitExclusions('server logs not showing up in claude desktop')).toEqual({
      included: 'server logs not showing up in claude desktop',
      excluded: '',
    });
  });

  it('ranks the non-blocking variant first when the question says "without blocking"', () => {
    const records = [
      section(
        'commands/bzpopmin',
        'BZPOPMIN',
        'Removes and returns the member with the lowest score from a sorted set, waiting when the set is empty.',
        { description: 'Pop the lowest member of a sorted set, or block until one is available.' },
      ),
      section(
        'commands/zpopmin',
        'ZPOPMIN',
        'Removes and returns up to count members with the lowest scores in a sorted set. Unlike BZPOPMIN, it does not block: an empty set returns nothing.',
        { description: 'Pop the lowest members of a sorted set.' },
      ),
      section('commands/zadd', 'ZADD', 'Adds members with scores to a sorted set.'),
      ...others,
    ];
    expect(first(records, 'pop the lowest items from a sorted set without blocking')).toBe('commands/zpopmin');
    expect(first(records, 'pop the lowest items from a sorted set and block until one is available')).toBe(
      'commands/bzpopmin',
    );
  });

  it('does not lower a page whose description says what it is not ("without cancelling")', () => {
    const records = [
      section(
        'subscriptions/pause',
        'Pause a subscription',
        'Pausing stops invoices until you resume; the customer keeps their plan.',
        { description: 'Stop charging a customer for a while without cancelling the subscription.' },
      ),
      section(
        'subscriptions/cancel',
        'Cancel a subscription',
        'Cancelling ends the plan at the end of the period; charging stops then.',
        { description: 'End a subscription and stop charging.' },
      ),
      ...others,
    ];
    expect(first(records, 'stop charging for a while without cancelling the subscription')).toBe('subscriptions/pause');
  });
});

describe('hub pages', () => {
  it('lets the specific page win over an overview that is mostly links to it and its siblings', () => {
    const cards = [
      'Rotate signing secrets',
      'Retry failed deliveries',
      'Filter event types',
      'Replay messages',
      'Transform payloads',
      'Throttle endpoints',
    ];
    const records = [
      section(
        'overview',
        'Webhooks overview',
        cards.map((card) => `${card}\nHow to ${card.toLowerCase()} for webhooks.`).join('\n'),
        { links: cards.length },
      ),
      section(
        'webhooks/security',
        'Security',
        'Rotate the signing secret of a webhook: create a second one, deploy it, revoke the first.',
      ),
      ...others,
    ];
    expect(first(records, 'rotate webhooks signing secrets')).toBe('webhooks/security');
  });

  it('keeps a page with a few links among its own text as it was', () => {
    const records = [
      section(
        'guide',
        'Webhooks guide',
        'Rotate signing secrets for webhooks: create a second secret, deploy it, revoke the first. See the API, the CLI, the SDK, the dashboard and the FAQ.',
        { links: 5 },
      ),
      section('webhooks/rotate', 'Secrets', 'Create a second key.'),
      ...others,
    ];
    expect(first(records, 'rotate webhooks signing secrets')).toBe('guide');
  });
});

describe('identifiers match whole as well as in parts', () => {
  it('adds dotted and double-colon identifiers and long flags whole to their words', () => {
    expect(identifierTerms('call context.call() or Client::new with --group and --dry-run, e.g. v1.2')).toEqual([
      'context.call',
      'client::new',
      '--group',
      '--dry-run',
    ]);
    expect(searchTerms('use context.call')).toEqual(['use', 'context', 'call', 'context.call']);
    expect(searchTerms('plain words only')).toEqual(['plain', 'word']);
  });

  it('ranks the page of `context.call` first over the sibling that says context and call apart', () => {
    const records = [
      section(
        'context/run',
        'Run a step',
        'Call context.run() to run a step. The context object passes state; each call is retried and every call of the context is logged.',
      ),
      section(
        'context/invoke',
        'Invoke a function',
        'context.call(fn, input) invokes another function and waits for it.',
      ),
      ...others,
    ];
    expect(first(records, 'what does context.call return')).toBe('context/invoke');
  });

  it('ranks the command holding a flag first over the one that only uses its word', () => {
    const records = [
      section(
        'cli/db/create',
        'db create',
        'Creates a database. Options: --group <name> places it in a group; --from-file seeds it.',
      ),
      section(
        'cli/group/list',
        'group list',
        'Lists every group and the group locations. A group holds databases; group names are unique.',
      ),
      ...others,
    ];
    expect(first(records, 'what does --group do')).toBe('cli/db/create');
  });
});

describe('a typo in the deciding word', () => {
  it('corrects the word as written when misspelling it changed its stem', () => {
    const records = [
      section('security', 'Security policy', 'Report a vulnerability privately to the security team.'),
      section('contributing', 'Contributing', 'Report a bug or propose a change in the protocol repository.'),
      ...others,
    ];
    expect(first(records, 'report a vulnrability in the protocol')).toBe('security');
  });

  it('gives a corrected word its whole weight: the misspelt word is the one that decides', () => {
    const records = [
      section(
        'groups/delete',
        'Deleting groups',
        'Delete a group: deleting a group deletes every database of the group.',
      ),
      section('members/leave', 'Cleaning up', 'Delete a membership from a group when someone leaves.'),
      ...others,
    ];
    expect(first(records, 'delete a membership from a group')).toBe('members/leave');
    expect(first(records, 'delete a membrship from a group')).toBe('members/leave');
  });

  it('leaves a correctly spelt word whose stem is near another term: "several" is not "server"', () => {
    const records = [
      section('servers/create', 'Create a server', 'Create a server for a group, in a region of your choice.'),
      section('groups/create', 'Create groups', 'Create a group of databases in a region of your choice.'),
      ...others,
    ];
    expect(first(records, 'create several groups')).toBe('groups/create');
    expect(first(records, 'create sevral groups')).toBe('groups/create');
  });
});
