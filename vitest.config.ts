import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The suites `npm run test:fast` leaves out, and why; `npm test` (and CI) runs them too. What stays is every suite
 * that runs the sources in this process: units, stores, HTTP through `app.inject` and real sockets, small sites.
 */
export const SLOW_SUITES = [
  // The real sites of ../shared, built whole (tens of seconds to minutes each).
  'test/build/build-site.test.ts',
  'test/build/corpora.test.ts',
  'test/content/corpora-pages.test.ts',
  'test/navigation/corpora.test.ts',
  'test/search/search-pages.test.ts',
  // A real browser (Chromium).
  'test/browser/**',
  // The compiled CLI (bin/docsmith.js, lib/: they need `npm run build`), run as a process; the image rehearsal installs packages.
  'test/build/validate-agrees-with-build.test.ts',
  'test/cli/cli-commands.test.ts',
  'test/cli/embeddings-cli.test.ts',
  'test/cli/serve-shutdown.test.ts',
  'test/cli/serve-start-log.test.ts',
  'test/config/legacy-mint-config.test.ts',
  'test/config/precompiled-docs-schema.test.ts',
  'test/dev/dev-command.test.ts',
  'test/docs/quick-paths.test.ts',
  'test/image/**',
  'test/mcp/mcp-stdio.test.ts',
  'test/reliability/shared-redis.test.ts',
  // Load: 500 answer streams at once.
  'test/reliability/health-under-burst.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          isolate: false,
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SLOW_SUITES],
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW_SUITES.map((suite) => (suite.endsWith('/**') ? `${suite}/*.test.ts` : suite)),
        },
      },
    ],
  },
});
