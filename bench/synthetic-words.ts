/** Topics of generated pages: each page is about one. */
export const SYNTHETIC_TOPICS = [
  'webhook',
  'queue',
  'retry',
  'token',
  'billing',
  'deploy',
  'cache',
  'schema',
  'region',
  'quota',
  'audit',
  'stream',
  'secret',
  'domain',
  'export',
  'import',
  'backup',
  'alert',
  'metric',
  'trace',
];
/** Verbs of generated page titles. */
export const SYNTHETIC_VERBS = [
  'configure',
  'rotate',
  'inspect',
  'enable',
  'disable',
  'limit',
  'replay',
  'verify',
  'migrate',
  'monitor',
  'debug',
  'scale',
];
/** Words generated paragraphs are drawn from. */
export const SYNTHETIC_WORDS = [
  'the',
  'service',
  'sends',
  'each',
  'request',
  'with',
  'a',
  'signed',
  'header',
  'and',
  'waits',
  'for',
  'acknowledgement',
  'before',
  'marking',
  'delivery',
  'complete',
  'when',
  'timeout',
  'expires',
  'worker',
  'picks',
  'next',
  'message',
  'from',
  'partition',
  'order',
  'is',
  'kept',
  'per',
  'key',
  'clients',
  'should',
  'store',
  'cursor',
  'resume',
  'after',
  'restart',
  'limits',
  'apply',
  'project',
  'organization',
  'level',
  'dashboard',
  'shows',
  'latency',
  'errors',
  'throughput',
];

/** A deterministic generator of numbers in [0, 1) for a seed (a linear congruential generator). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** The text with its first letter in upper case. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
