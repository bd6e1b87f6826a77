import { defineConfig } from 'vitest/config';

// Three layers, run separately by `npm test`:
// - unit: pure functions and in-process code (packages and apps), no database or browser;
// - integration: the server against a real database (PGlite always, PostgreSQL when
//   TEST_DATABASE_URL is set), real job engine, real files;
// - e2e: the built server on a free port driven by Chromium through playwright-core.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          include: [
            'apps/server/test/**/*.int.test.ts',
            'packages/render/test/**/*.int.test.ts',
            'packages/pipeline/test/**/*.int.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
