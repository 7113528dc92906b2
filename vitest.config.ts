import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeParts } from './scripts/vite-locale-parts.ts';

export default defineConfig({
  plugins: [react(), localeParts()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'engine/**/*.test.ts', 'renderers/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Both cores (vitest keeps one free by default): most of a file's time is importing and
          // setting up its environment, which two workers halve. No unit test times anything; the
          // timeout only catches a hang (a 2 s renderer test beside another on a slow CI machine
          // came near vitest's 5 s).
          maxWorkers: 2,
          testTimeout: 20_000,
          // testing-library waits 10 s (not 1 s) for what a test waits for: see the file.
          setupFiles: ['tests/unit/setup-async-waits.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // API_TESTS_EXCLUDE: files left out of this run, comma-separated (CI runs the data folder's own tests on PGlite only).
          exclude: [...configDefaults.exclude, ...(process.env.API_TESTS_EXCLUDE ?? '').split(',').filter(Boolean)],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server on its own copy of the seeded database.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
