/** A page file with a title. */
const page = (title: string, text: string): string => `---\ntitle: ${title}\n---\n\n${text}\n`;

/** A key-value store's command reference: the right page for "how many keys…" shares none of its words. */
export const keystoreSite: Record<string, string> = {
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Keystore',
    colors: { primary: '#16A34A' },
    navigation: {
      versions: [
        {
          version: 'v2',
          groups: [
            {
              group: 'Commands',
              pages: ['commands/dbsize', 'commands/keys', 'commands/scan', 'commands/flushdb', 'guides/persistence'],
            },
          ],
        },
        { version: 'v1', groups: [{ group: 'Commands', pages: ['v1/commands/dbsize', 'v1/commands/keys'] }] },
      ],
    },
  }),
  'commands/dbsize.mdx': page('DBSIZE', 'Returns the total of entries stored in the selected keyspace.'),
  'commands/keys.mdx': page(
    'KEYS',
    'Lists the keys matching a glob pattern in the database. Avoid it on a large database in production.\n\n## Complexity\n\nLinear in the size of the dataset.',
  ),
  'commands/scan.mdx': page('SCAN', 'Iterates over the keys of the database a few at a time.'),
  'commands/flushdb.mdx': page('FLUSHDB', 'Deletes every key of the current database.'),
  'guides/persistence.mdx': page(
    'Persistence',
    'Snapshots write the dataset to disk.\n\n## Append-only file\n\nEvery write is appended to a log.\n\n## Legacy note\n\nDeletes every key of the current database.',
  ),
  'v1/commands/dbsize.mdx': page('DBSIZE', 'Returns the total of entries stored in the selected keyspace.'),
  'v1/commands/keys.mdx': page(
    'KEYS',
    'Lists every key in the database.\n\n## Complexity\n\nLinear in the size of the dataset.',
  ),
};

/** The stub's synonyms: what makes "how many" mean "total" and "keys" mean "entries" to the vectors. */
export const keystoreSynonyms = {
  how: 'count',
  many: 'count',
  total: 'count',
  entries: 'key',
  keys: 'key',
  keyspace: 'database',
  remove: 'delete',
  wipe: 'delete',
  deletes: 'delete',
  all: 'every',
};
