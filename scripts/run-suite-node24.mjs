// The suite on Node 24 for .ci/run. better-sqlite3 12 (the last major that runs on Node 20) can abort a test worker
// while it exits on Node 24 — a statement finalised during environment teardown (WiseLibs/better-sqlite3#1515) —
// after the file's tests ran, so their results are lost. This runs vitest and, while the only trouble is files with
// lost results (no failed test), runs those files again, at most twice. Any failed test fails the run; files whose
// results are still lost after that are named in a warning (their tests ran on Node 20 in the same CI run) and do
// not fail it. Arguments are vitest file filters (default: the whole suite).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const vitest = path.join('node_modules', 'vitest', 'vitest.mjs');
const reportDir = mkdtempSync(path.join(tmpdir(), 'docsmith-vitest-'));
const RERUNS = 2;

/** Runs vitest on `filters`; resolves to its exit status and the files whose results were lost (undefined: a real failure). */
function run(filters, attempt) {
  const reportFile = path.join(reportDir, `report-${attempt}.json`);
  const result = spawnSync(process.execPath, [vitest, 'run', ...filters, '--reporter=default', '--reporter=json', `--outputFile=${reportFile}`], { stdio: 'inherit' });
  if (result.status === 0) return { passed: true };
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    if (report.numFailedTests > 0 || report.numFailedTestSuites > 0) return { passed: false };
    const lost = report.testResults.filter((file) => file.assertionResults.some((test) => test.status === 'pending')).map((file) => path.relative(process.cwd(), file.name));
    return { passed: false, lost: lost.length > 0 ? lost : undefined };
  } catch {
    return { passed: false };
  }
}

let outcome = run(process.argv.slice(2), 0);
for (let attempt = 1; !outcome.passed && outcome.lost && attempt <= RERUNS; attempt += 1) {
  console.log(`\nrun-suite-node24: no test failed; running again the file(s) whose worker exited before reporting: ${outcome.lost.join(', ')}\n`);
  outcome = run(outcome.lost, attempt);
}
if (!outcome.passed && outcome.lost) {
  console.warn(`\nrun-suite-node24: WARNING: no test failed, but the worker of ${outcome.lost.join(', ')} aborted at exit on every try (better-sqlite3#1515), so those results are unverified on Node 24.\n`);
  process.exit(0);
}
process.exit(outcome.passed ? 0 : 1);
