import { createLimiter } from '../../runtime/limits/create-limiter.ts';

/**
 * A second process for the limits tests: takes `count` requests at once for a key of an org on a shared store (a
 * Redis URL, else a SQLite file) and prints how many were allowed. Arguments: store keyId org count
 * perKeyPerMonth perOrgPerHour.
 */
const [store = '', keyId = '', org = '', count = '0', perKey = '0', perOrg = '0'] = process.argv.slice(2);
const where = store.startsWith('redis://')
  ? { store: 'redis' as const, redisUrl: store }
  : { store: 'sqlite' as const, sqlitePath: store };
const limiter = await createLimiter({
  ...where,
  limits: { perKeyPerMonth: Number(perKey), perOrgPerHour: Number(perOrg) },
});
process.stdin.once('data', async () => {
  const decisions = await Promise.all(
    Array.from({ length: Number(count) }, () => limiter.consume({ keyId, org, ip: '10.1.1.1' })),
  );
  process.stdout.write(`${decisions.filter((decision) => decision.allowed).length}\n`);
  await limiter.close();
});
process.stdout.write('ready\n');
