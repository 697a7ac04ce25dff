import fc from 'fast-check';

/**
 * Makes the property-based suites repeatable: a fixed seed unless FUZZ_SEED is set (`FUZZ_SEED=$RANDOM npm test`
 * explores new inputs; a failure prints the seed and the path to replay it).
 */
export function configureFuzzing(): void {
  fc.configureGlobal({ seed: Number(process.env.FUZZ_SEED ?? 20_261_123) });
}
