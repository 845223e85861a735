import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// One project per layer, so each can be run alone (`vitest run --project core`) and the browser
// journeys get their own timeouts. The e2e project needs `npm run build` first (npm test does it).
// One migrated, seeded database per run, copied for every test server (see the file).
const DATABASE_TEMPLATE = './tests/support/database-template.ts';
// Server-side unit projects hash passwords at scrypt N = 2^10 rather than 2^15
// (server/identity/password-hash.ts): the same KDF, format and code path at a thirty-second of the
// work. The production cost is tested where it is the subject (tests/server/identity/service.test.ts
// "passwords"); the browser journeys run real servers, which always hash at 2^15.
const TEST_HASH_ENV = { LAVABO_TEST_SCRYPT_N: String(2 ** 10) };

// With a PostgreSQL server (TEST_POSTGRES_URL, an administrator's URL; `.ci/run` starts one) the
// server suite runs a second time on it, each test server on a copy of one migrated, seeded
// database (tests/support/test-database.ts), and tests/postgres (several processes on one
// database) runs too. Without one these projects do not exist, and `npm test` says why.
const POSTGRES_PROJECT = {
  environment: 'node' as const,
  isolate: false,
  globalSetup: ['./tests/support/postgres-template.ts'],
  env: { LAVABO_TEST_DATABASE: 'postgresql', ...TEST_HASH_ENV },
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const POSTGRES_PROJECTS: TestProjectInlineConfiguration[] = process.env.TEST_POSTGRES_URL
  ? [
      {
        extends: true,
        test: {
          name: 'server-postgresql',
          include: ['tests/server/**/*.test.ts'],
          // The durability tests are the embedded database's: its server processes always open
          // one (bench/checkout/server-process.ts), so a second pass would test the same again.
          exclude: ['tests/server/durability/**'],
          ...POSTGRES_PROJECT,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/postgres/**/*.test.ts'],
          ...POSTGRES_PROJECT,
          // Each file starts real server processes of its own: one file at a time.
          fileParallelism: false,
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    setupFiles: ['./tests/support/setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          include: ['tests/core/**/*.test.ts'],
          environment: 'node',
          // Pure code shares nothing between files: one module graph for all is safe and fast.
          isolate: false,
          // Properties run a hundred cases each: on a loaded machine vitest's 5 s can pass first.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/arch/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker for all its files, as core: each file loading the server
          // afresh (Fastify, PGlite, every route) cost half of this project's CPU. A test server
          // per file keeps the files apart; a file that mocks a module the server imports resets
          // the modules before it loads the server (tests/server/identity/account-existence).
          isolate: false,
          env: TEST_HASH_ENV,
          globalSetup: [DATABASE_TEMPLATE],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'adapters',
          include: ['tests/adapters/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          env: TEST_HASH_ENV,
          globalSetup: [DATABASE_TEMPLATE],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom and one module graph per worker (tests/support/setup.ts clears the screen,
          // storage and address between files): a fresh jsdom and React per file took the
          // project 144 s, one per worker 28 s.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Finds a Chromium or provides one before any journey, and passes its path on.
          globalSetup: ['./tests/e2e/support/global-setup.ts', DATABASE_TEMPLATE],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits up to 10 s rather than vitest's 1 s: a page on a loaded 2-core CI
          // machine can take longer than a second to show what a journey waits for. A poll that
          // passes is as quick as before; only a failing one reports later.
          expect: { poll: { timeout: 10_000 } },
          // One browser and one server at a time on a 2-core machine: two files at a time were
          // quicker alone but slowed the other lane, and put a journey bound to real time (the
          // third-party scripts' 5 s) at risk.
          fileParallelism: false,
          // Each file starts its own shop and browser; the modules behind them load once.
          isolate: false,
        },
      },
      ...POSTGRES_PROJECTS,
    ],
  },
});
