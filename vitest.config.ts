import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Tests run against the TypeScript sources of the workspace packages.
const conditions = ['@balancer/source', ...defaultServerConditions];
const unitExclude = ['**/node_modules/**', '**/dist/**', '**/*.db.test.ts', '**/*.browser.test.ts'];
const webConditions = ['@balancer/source', ...defaultClientConditions];

export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    reporters: ['default', './scripts/count-reporter.ts'],
    projects: [
      {
        ssr: { resolve: { conditions } },
        test: {
          name: 'unit',
          setupFiles: ['./scripts/vitest-setup.ts'],
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'scripts/*.test.ts'],
          exclude: [...unitExclude, 'packages/web/**'],
          environment: 'node',
          // Files run one after another in a worker that keeps its libraries loaded (starting each
          // file afresh was 60 % of the project's time); the setup file gives each file its own
          // modules and real timers.
          isolate: false,
          // Sized for a loaded machine (fast-check properties take seconds there, not ms).
          testTimeout: 60_000,
        },
      },
      {
        // The web app's components and client logic, in jsdom (pages in a real browser: browser).
        plugins: [react()],
        resolve: { conditions: webConditions },
        test: {
          name: 'web',
          setupFiles: ['./packages/web/src/testing/setup-dom.ts'],
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          exclude: unitExclude,
          environment: 'jsdom',
          // One jsdom and one React for all files (as in unit: the setup gives each file its own
          // modules, real timers and empty storage).
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        ssr: { resolve: { conditions } },
        test: {
          name: 'db',
          include: ['packages/*/src/**/*.db.test.ts'],
          // PGlite costs ~300 MB per open database: one test file at a time.
          fileParallelism: false,
          globalSetup: ['./scripts/server-bundle-setup.ts', './scripts/test-db-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        ssr: { resolve: { conditions } },
        test: {
          name: 'browser',
          include: ['packages/*/src/**/*.browser.test.ts'],
          globalSetup: ['./scripts/server-bundle-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
