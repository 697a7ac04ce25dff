import path from 'node:path';
import { Command } from 'commander';
import { createKeyStore } from '../../runtime/auth/key-store.ts';
import { EXIT_INVALID } from '../exit-codes.ts';

const defaultKeysFile = (): string => path.join(process.env.DOCSMITH_DATA ?? '.data', 'keys.json');

/** `docsmith keys create|list|revoke`: manages the assistant API keys (only their hashes are stored). */
export function keysCommand(): Command {
  const keys = new Command('keys').description('Manage assistant API keys');
  keys
    .command('create')
    .description('Create a key for one or more domains; the key is printed once')
    .requiredOption('--domain <domain>', 'domain the key may use (repeatable)', (value: string, previous: string[]) => [...previous, value], [])
    .requiredOption('--org <org>', 'organization the key belongs to (hourly limit)')
    .option('--name <name>', 'a label to recognise the key by')
    .option('--keys-file <file>', 'keys file (default: $DOCSMITH_DATA/keys.json or .data/keys.json)')
    .action((options: { domain: string[]; org: string; name?: string; keysFile?: string }) => {
      const store = createKeyStore({ file: options.keysFile ?? defaultKeysFile() });
      const { key, record } = store.create({ domains: options.domain, org: options.org, ...(options.name ? { name: options.name } : {}) });
      process.stdout.write(`${key}\n`);
      process.stderr.write(`Key ${record.id} for ${record.domains.join(', ')} (org ${record.org}). Store it now: it cannot be shown again.\n`);
    });
  keys
    .command('list')
    .description('List keys (never the keys themselves)')
    .option('--keys-file <file>', 'keys file')
    .action((options: { keysFile?: string }) => {
      const records = createKeyStore({ file: options.keysFile ?? defaultKeysFile() }).list();
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
    .action((keyId: string, options: { keysFile?: string }) => {
      if (createKeyStore({ file: options.keysFile ?? defaultKeysFile() }).revoke(keyId)) {
        process.stdout.write(`Revoked ${keyId}.\n`);
      } else {
        process.stderr.write(`docsmith keys revoke: no active key ${keyId}\n`);
        process.exitCode = EXIT_INVALID;
      }
    });
  return keys;
}
