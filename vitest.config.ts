import { defineConfig } from 'vitest/config';

/**
 * `*.test.ts` run once on embedded PGlite. `*.int.test.ts` (the integration suites) run on
 * PGlite and, when TEST_DATABASE_URL is set, again on real PostgreSQL. `*.e2e.test.ts` start
 * the real server process.
 */
const shared = { globalSetup: ['test/global-setup.ts'], testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'pglite',
          include: ['test/**/*.test.ts', 'system-mods/*/test/**/*.test.ts'],
          env: { SVC_TEST_DB: 'pglite' },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: ['test/**/*.int.test.ts', 'system-mods/*/test/**/*.int.test.ts'],
                env: { SVC_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
