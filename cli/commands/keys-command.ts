import path from 'node:path';
import { Command } from 'commander';
import { createKeyStore, type KeyStore } from '../../runtime/auth/key-store.ts';
import { createRedisKeyStore, type RedisKeyStore } from '../../runtime/auth/redis-key-store.ts';
import { EXIT_INVALID } from '../exit-codes.ts';

const defaultKeysFile = (): string => path.join(process.env.DOCSMITH_DATA ?? '.data', 'keys.json');

/**
 * Runs a key operation on the store the server uses: Redis when REDIS_URL is set (replicas share the keys),
 * else the keys file.
 */
async function withKeys<T>(keysFile: string | undefined, operation: (store: KeyStore | RedisKeyStore) => T | Promise<T>): Promise<T> {
  if (!process.env.REDIS_URL) return operation(createKeyStore({ file: keysFile ?? defaultKeysFile() }));
  const store = await createRedisKeyStore({ url: process.env.REDIS_URL });
  try {
    return await operation(store);
  } finally {
    await store.close();
  }
}

/** `docsmith keys create|list|revoke`: manages the assistant API keys (only their hashes are stored; in Redis when REDIS_URL is set). */
export function keysCommand(): Command {
  const keys = new Command('keys').description('Manage assistant API keys');
  keys
    .command('create')
    .description('Create a key for one or more domains; the key is printed once')
    .requiredOption('--domain <domain>', 'domain the key may use (repeatable)', (value: string, previous: string[]) => [...previous, value], [])
    .requiredOption('--org <org>', 'organization the key belongs to (hourly limit)')
    .option('--name <name>', 'a label to recognise the key by')
    .option('--keys-file <file>', 'keys file (default: $DOCSMITH_DATA/keys.json or .data/keys.json)')
    .action(async (options: { domain: string[]; org: string; name?: string; keysFile?: string }) => {
      const { key, record } = await withKeys(options.keysFile, (store) => store.create({ domains: options.domain, org: options.org, ...(options.name ? { name: options.name } : {}) }));
      process.stdout.write(`${key}\n`);
      process.stderr.write(`Key ${record.id} for ${record.domains.join(', ')} (org ${record.org}). Store it now: it cannot be shown again.\n`);
    });
  keys
    .command('list')
    .description('List keys (never the keys themselves)')
    .option('--keys-file <file>', 'keys file')
    .action(async (options: { keysFile?: string }) => {
      const records = await withKeys(options.keysFile, (store) => store.list());
      if (records.length === 0) process.stdout.write('No keys.\n');
      for (const record of records) {
        process.stdout.write(`${record.id}  org=${record.org}  domains=${record.domains.join(',')}  created=${record.createdAt}${record.revokedAt ? `  revoked=${record.revokedAt}` : ''}${record.name ? `  name=${record.name}` : ''}\n`);
      }
    });
  keys
    .command('revoke')
    .description('Revoke a key by its id')
    .argument('<key-id>', 'the id shown by keys list')
    .option('--keys-file <file>', 'keys file')
    .action(async (keyId: string, options: { keysFile?: string }) => {
      if (await withKeys(options.keysFile, (store) => store.revoke(keyId))) {
        process.stdout.write(`Revoked ${keyId}.\n`);
      } else {
        process.stderr.write(`docsmith keys revoke: no active key ${keyId}\n`);
        process.exitCode = EXIT_INVALID;
      }
    });
  return keys;
}
