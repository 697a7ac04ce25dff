import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { DOMAIN_NAME } from '../../contract/domain-name.ts';
import { KeyFileError } from '../../runtime/auth/key-file-error.ts';
import { createKeyStore, type KeyStore } from '../../runtime/auth/key-store.ts';
import { createRedisKeyStore, type RedisKeyStore } from '../../runtime/auth/redis-key-store.ts';
import { StoreUnavailableError } from '../../runtime/stores/store-unavailable-error.ts';
import { EXIT_INVALID, EXIT_USAGE } from '../exit-codes.ts';

/** The keys file of a command: `--keys-file`, else `keys.json` in `--data` (default $DOCSMITH_DATA or .data), as `serve` reads it. */
const keysFileOf = (options: { keysFile?: string; data?: string }): string =>
  options.keysFile ?? path.join(options.data ?? process.env.DOCSMITH_DATA ?? '.data', 'keys.json');
const dataOption = [
  '--data <dir>',
  'data folder holding keys.json, the same as `serve --data` (env DOCSMITH_DATA, default .data)',
] as const;
/** Collects the `--domain` values, each a domain as the artifacts folder names sites (`acme`, `docs.acme.com`). */
const collectDomain = (value: string, previous: string[] = []): string[] => {
  if (!DOMAIN_NAME.test(value))
    throw new InvalidArgumentError(`Unexpected domain \`${value}\`, expected a domain name like acme or docs.acme.com`);
  return [...previous, value];
};

/**
 * Runs a key operation on the store the server uses: Redis when REDIS_URL is set (replicas share the keys),
 * else the keys file.
 */
async function withKeys<T>(
  options: { keysFile?: string; data?: string },
  operation: (store: KeyStore | RedisKeyStore) => T | Promise<T>,
): Promise<T> {
  if (!process.env.REDIS_URL) return operation(createKeyStore({ file: keysFileOf(options) }));
  const store = await createRedisKeyStore({ url: process.env.REDIS_URL });
  try {
    return await operation(store);
  } finally {
    await store.close();
  }
}

/** A key command's action: a keys file that cannot be read, or Redis down, ends it with one line and exit 1, nothing written. */
function keyAction<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      await action(...args);
    } catch (error) {
      if (!(error instanceof KeyFileError) && !(error instanceof StoreUnavailableError)) throw error;
      process.stderr.write(`docsmith keys: ${error.message}\n`);
      process.exitCode = EXIT_INVALID;
    }
  };
}

/** `docsmith keys create|list|revoke|import`: manages the assistant API keys (only their hashes are stored; in Redis when REDIS_URL is set). */
export function keysCommand(): Command {
  const keys = new Command('keys')
    .description('Manage assistant API keys')
    .addHelpText('after', '\nExample:\n  $ docsmith keys create --domain acme --org acme-inc');
  keys
    .command('create')
    .description('Create a key for one or more domains; the key is printed once')
    .requiredOption('--domain <domain>', 'domain the key may use (repeatable)', collectDomain)
    .requiredOption('--org <org>', 'organization the key belongs to (hourly limit)')
    .option('--name <name>', 'a label to recognise the key by')
    .option(
      '--origin <origin>',
      'browser origin allowed to use the key, e.g. https://docs.example.com (repeatable; default: any)',
      parseOrigin,
      [],
    )
    .option('--admin', 'the key may also read analytics (GET /v1/analytics/…)')
    .option(...dataOption)
    .option('--keys-file <file>', 'keys file (default: <data>/keys.json)')
    .addHelpText(
      'after',
      '\nExample:\n  $ docsmith keys create --domain acme --org acme-inc --origin https://docs.acme.com --data .data',
    )
    .action(
      keyAction(
        async (options: {
          domain: string[];
          org: string;
          name?: string;
          origin: string[];
          admin?: boolean;
          data?: string;
          keysFile?: string;
        }) => {
          const { key, record } = await withKeys(options, (store) =>
            store.create({
              domains: options.domain,
              org: options.org,
              ...(options.name ? { name: options.name } : {}),
              origins: options.origin,
              admin: options.admin === true,
            }),
          );
          process.stdout.write(`${key}\n`);
          process.stderr.write(
            `Key ${record.id} for ${record.domains.join(', ')} (org ${record.org}). Store it now: it cannot be shown again.\n`,
          );
        },
      ),
    );
  keys
    .command('list')
    .description('List keys (never the keys themselves)')
    .option(...dataOption)
    .option('--keys-file <file>', 'keys file (default: <data>/keys.json)')
    .addHelpText('after', '\nExample:\n  $ docsmith keys list --data .data')
    .action(
      keyAction(async (options: { data?: string; keysFile?: string }) => {
        const records = await withKeys(options, (store) => store.list());
        if (records.length === 0) process.stdout.write('No keys.\n');
        for (const record of records) {
          process.stdout.write(
            `${record.id}  org=${record.org}  domains=${record.domains.join(',')}  created=${record.createdAt}${record.origins ? `  origins=${record.origins.join(',')}` : ''}${record.admin ? '  admin' : ''}${record.revokedAt ? `  revoked=${record.revokedAt}` : ''}${record.name ? `  name=${record.name}` : ''}\n`,
          );
        }
      }),
    );
  keys
    .command('revoke')
    .description('Revoke a key by its id')
    .argument('<key-id>', 'the id shown by keys list')
    .option(...dataOption)
    .option('--keys-file <file>', 'keys file (default: <data>/keys.json)')
    .addHelpText('after', '\nExample:\n  $ docsmith keys revoke 3f9a1c2b4d5e --data .data')
    .action(
      keyAction(async (keyId: string, options: { data?: string; keysFile?: string }) => {
        if (await withKeys(options, (store) => store.revoke(keyId))) {
          process.stdout.write(`Revoked ${keyId}.\n`);
        } else {
          process.stderr.write(`docsmith keys revoke: no active key ${keyId}\n`);
          process.exitCode = EXIT_INVALID;
        }
      }),
    );
  keys
    .command('import')
    .description(
      'Copy the keys of a keys file into Redis (REDIS_URL), for replicas that share them; keys already there stay',
    )
    .option(...dataOption)
    .option('--keys-file <file>', 'keys file (default: <data>/keys.json)')
    .addHelpText(
      'after',
      '\nExample:\n  $ docsmith keys import --data .data   # REDIS_URL set to the Redis the replicas share',
    )
    .action(
      keyAction(async (options: { data?: string; keysFile?: string }) => {
        const redisUrl = process.env.REDIS_URL;
        if (!redisUrl) {
          process.stderr.write('docsmith keys import: set REDIS_URL to the Redis the keys go to\n');
          process.exitCode = EXIT_USAGE;
          return;
        }
        const file = keysFileOf(options);
        const records = createKeyStore({ file }).list();
        if (records.length === 0) {
          process.stderr.write(`docsmith keys import: no keys in ${file}\n`);
          process.exitCode = EXIT_INVALID;
          return;
        }
        const store = await createRedisKeyStore({ url: redisUrl });
        try {
          const { added, present } = await store.importRecords(records);
          process.stdout.write(
            `Imported ${added.length} key${added.length === 1 ? '' : 's'} from ${file} into Redis${present.length > 0 ? `; ${present.length} already there, left as they are (${present.join(', ')})` : ''}.\n`,
          );
        } finally {
          await store.close();
        }
      }),
    );
  return keys;
}

/** An origin as browsers send it: scheme, host and port, no path. */
function parseOrigin(value: string, previous: string[]): string[] {
  let origin: string;
  try {
    origin = new URL(value).origin;
  } catch {
    throw new InvalidArgumentError(`expected an origin like https://docs.example.com, got ${value}`);
  }
  if (origin === 'null' || origin !== value.replace(/\/$/, ''))
    throw new InvalidArgumentError(
      `expected an origin like https://docs.example.com (scheme and host, no path), got ${value}`,
    );
  return [...previous, origin];
}
