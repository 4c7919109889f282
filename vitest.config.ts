import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import ServerSuitesFirst from './test/sequencer.js';

/**
 * `*.test.ts` run once on embedded PGlite. `*.int.test.ts` (the integration suites) run on
 * PGlite and, when TEST_DATABASE_URL is set, again on real PostgreSQL. `*.e2e.test.ts` start
 * the real server process; the UI one also drives headless Chromium and runs only where the
 * browser is installed.
 */
/**
 * The worker processes' Node flags. A worker opens and closes hundreds of embedded databases (each
 * a PGlite thread sharing one compiled WebAssembly module), and V8 13 can abort such a process when
 * it frees a tiered-up WebAssembly-to-JavaScript wrapper ("Check failed:
 * jit_page_->allocations_.erase(addr) == 1" in ThreadIsolation::UnregisterWasmAllocation; open
 * upstream as nodejs/node#64500, seen once in CI here). Wrappers that never tier up are never
 * freed that way: the budget below is never reached.
 */
export const WORKER_NODE_FLAGS = ['--wasm-wrapper-tiering-budget=1000000000'];
const forks = { isolate: false, execArgv: WORKER_NODE_FLAGS };
const shared = { globalSetup: ['test/global-setup.ts'], testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' as const, poolOptions: { forks } };
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
 * `--maxWorkers=<n>` on the command line overrides it.
 *
 * A worker process runs file after file without isolation: it keeps the modules it imported, so the
 * kernel, Fastify, knex and PGlite's WebAssembly load once per worker, not once per file (this
 * roughly halves the suite's CPU time). Each file still gets its own kernel on its own database
 * clone; what a file must not do is leave process-wide state behind (globals, environment
 * variables, process listeners). The projects run one after the other (vitest recycles the
 * workers between them). The pool keeps every worker until the end: with a minimum below the
 * maximum, tinypool retires a worker that falls idle mid-run, which races the pool's shutdown and
 * fails a passing run with "Terminating worker thread".
 */
const fromCommandLine = workersFromCommandLine(process.argv);
const maxWorkers = fromCommandLine === undefined ? Math.max(3, availableParallelism() + 1) : fromCommandLine;

/**
 * `--maxWorkers=<n>` / `--maxWorkers <n>`: the pool's minimum (set here) must follow it. Null for
 * a value vitest resolves itself (a percentage): then no minimum is set.
 */
function workersFromCommandLine(argv: string[]): number | null | undefined {
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2);
    if (flag !== '--maxWorkers' && flag !== '--max-workers') continue;
    const value = Number(inline ?? argv[i + 1]);
    return Number.isInteger(value) && value > 0 ? value : null;
  }
  return undefined;
}

export default defineConfig({
  test: {
    ...(maxWorkers !== null && { maxWorkers, minWorkers: maxWorkers }),
    poolOptions: { forks },
    // The suites that start server processes first in each project (test/sequencer.ts).
    sequence: { sequencer: ServerSuitesFirst },
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
