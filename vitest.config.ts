import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `*.test.ts` run once on embedded PGlite. `*.int.test.ts` (the integration suites) run on
 * PGlite and, when TEST_DATABASE_URL is set, again on real PostgreSQL. `*.e2e.test.ts` start
 * the real server process; the UI one also drives headless Chromium and runs only where the
 * browser is installed.
 */
const shared = { globalSetup: ['test/global-setup.ts'], testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' as const };
/**
 * Suites that need a PostgreSQL server (several service processes on one database): they run in
 * the postgres project only, which exists when TEST_DATABASE_URL is set (always in CI).
 */
const PG_ONLY = '{test,system-mods/*/test}/**/*.pg.test.ts';
/** The browser suites (they need Chromium). */
const UI_E2E = 'test/e2e/ui*.e2e.test.ts';

/**
 * Test files run in parallel worker processes: one more than the cores, at least three. Most slow
 * suites wait on child processes (server processes, Chromium, PostgreSQL, Git, the sandbox), so
 * on a 2-core machine a third worker keeps both cores busy while one file waits.
 * `--maxWorkers=<n>` on the command line overrides it. Running without isolation
 * (`--no-isolate`) needs `--minWorkers` equal to the workers: with fewer, tinypool retires a
 * worker that falls idle mid-run, which races the pool's shutdown and fails a passing run with
 * "Terminating worker thread". (Set in this file, a minimum would refuse a smaller --maxWorkers.)
 */
const maxWorkers = Math.max(3, availableParallelism() + 1);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          ...shared,
          name: 'pglite',
          // mods-dev/: mods made with `npm run create-mod` (Git ignores the folder). The scaffold's
          // own test names the folder it generated into with VITEST_EXTRA_INCLUDE.
          include: ['test/**/*.test.ts', 'system-mods/*/test/**/*.test.ts', 'mods-dev/*/test/**/*.test.ts', ...(process.env.VITEST_EXTRA_INCLUDE ? [process.env.VITEST_EXTRA_INCLUDE] : [])],
          exclude: [...configDefaults.exclude, UI_E2E, PG_ONLY],
          // The response contract tier: every answer the test kit receives is checked against its
          // route's published schema (sdk/testing/response-contract.ts); once is enough, so only here.
          env: { SVC_TEST_DB: 'pglite', SVC_TEST_RESPONSE_CONTRACT: '1' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: ['test/**/*.int.test.ts', 'system-mods/*/test/**/*.int.test.ts', PG_ONLY],
                env: { SVC_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      ...(existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')
        ? [
            {
              test: {
                ...shared,
                // Each suite's server starts from a data dir a real server made once (ui-global-setup.ts).
                globalSetup: ['test/ui-global-setup.ts'],
                name: 'ui',
                include: [UI_E2E],
              },
            },
          ]
        : []),
    ],
  },
});
