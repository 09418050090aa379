import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker per core: the test files are independent (each has its own database).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.spec.ts'],
          exclude: ['node_modules/**'],
          setupFiles: ['./support/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page that loads a chunk or a read before it changes takes longer than a second on a shared machine.
          expect: { poll: { timeout: 10_000 } },
          // One spec file per core at once: each starts its own server, database and browser.
          fileParallelism: true,
          // A browser test that failed once is run once more under CI, where the machine may be
          // shared; a test that fails twice fails the run.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
