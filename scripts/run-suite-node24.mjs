// The suite on Node 24 for .ci/run. better-sqlite3 12 (the last major that runs on Node 20) can abort a test worker
// while it exits on Node 24 — a statement finalised during environment teardown (WiseLibs/better-sqlite3#1515) —
// after the file's tests ran, so their results are lost. This runs vitest and, while the only trouble is files with
// lost results (no failed test), runs those files again, at most twice. Any failed test fails the run; files whose
// results are still lost after that are named in a warning (their tests ran on Node 20 in the same CI run) and do
// not fail it. Ends with one `node24: N passed, N failed, N skipped` line. Arguments are vitest file filters
// (default: the whole suite).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const vitest = path.join('node_modules', 'vitest', 'vitest.mjs');
const reportDir = mkdtempSync(path.join(tmpdir(), 'docsmith-vitest-'));
const RERUNS = 2;

/** Runs vitest on `filters`: whether it passed, its test counts, and the files whose results were lost (undefined: none, or a real failure). */
function run(filters, attempt) {
  const reportFile = path.join(reportDir, `report-${attempt}.json`);
  const result = spawnSync(process.execPath, [vitest, 'run', ...filters, '--reporter=default', '--reporter=json', `--outputFile=${reportFile}`], { stdio: 'inherit' });
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    return { passed: false, counts: { passed: 0, failed: 1, skipped: 0 } };
  }
  const lostFiles = report.testResults.filter((file) => file.assertionResults.some((test) => test.status === 'pending'));
  const lostTests = result.status === 0 ? 0 : lostFiles.reduce((sum, file) => sum + file.assertionResults.filter((test) => test.status === 'pending').length, 0);
  const counts = { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numTotalTests - report.numPassedTests - report.numFailedTests - lostTests };
  if (result.status === 0) return { passed: true, counts };
  const realFailure = report.numFailedTests > 0 || report.numFailedTestSuites > 0 || lostFiles.length === 0;
  return { passed: false, counts, lost: realFailure ? undefined : lostFiles.map((file) => path.relative(process.cwd(), file.name)) };
}

let outcome = run(process.argv.slice(2), 0);
const totals = { ...outcome.counts };
for (let attempt = 1; !outcome.passed && outcome.lost && attempt <= RERUNS; attempt += 1) {
  console.log(`\nrun-suite-node24: no test failed; running again the file(s) whose worker exited before reporting: ${outcome.lost.join(', ')}\n`);
  outcome = run(outcome.lost, attempt);
  totals.passed += outcome.counts.passed;
  totals.failed += outcome.counts.failed;
}
if (!outcome.passed && outcome.lost) {
  console.warn(`\nrun-suite-node24: WARNING: no test failed, but the worker of ${outcome.lost.join(', ')} aborted at exit on every try (better-sqlite3#1515), so those results are unverified on Node 24.`);
}
const ok = outcome.passed || outcome.lost !== undefined;
console.log(`\nnode24: ${totals.passed} passed, ${ok ? totals.failed : Math.max(1, totals.failed)} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
