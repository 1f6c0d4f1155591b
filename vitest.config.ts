import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/test-sequencer.js';

// Tests run against the TypeScript sources of the workspace packages.
const conditions = ['@balancer/source', ...defaultServerConditions];
const unitExclude = ['**/node_modules/**', '**/dist/**', '**/*.db.test.ts', '**/*.browser.test.ts'];
const webConditions = ['@balancer/source', ...defaultClientConditions];

export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    reporters: ['default', './scripts/count-reporter.ts'],
    // Three files at a time on this 2-core machine (vitest's default is cores − 1): much of a db or
    // browser file is waiting (a spawned server starting, npm ci, a kill's recovery, a page
    // loading, the next one-time-code step): with two, 14 % of the CPU stayed idle over a run.
    // Longest files first (scripts/test-sequencer.ts).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        ssr: { resolve: { conditions } },
        test: {
          name: 'unit',
          setupFiles: ['./scripts/fresh-file-setup.ts', './scripts/vitest-setup.ts'],
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'scripts/*.test.ts'],
          exclude: [...unitExclude, 'packages/web/**'],
          environment: 'node',
          // Each worker keeps its libraries loaded from file to file (starting every file afresh was
          // 60 % of the project's time); the setup file gives each file its own modules and real
          // timers.
          isolate: false,
          // Sized for a loaded machine (fast-check properties take seconds there, not ms; a poll
          // that settles in 50 ms idle may need seconds).
          testTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // The web app's components and client logic, in jsdom (pages in a real browser: browser).
        plugins: [react()],
        resolve: { conditions: webConditions },
        test: {
          name: 'web',
          setupFiles: ['./scripts/fresh-file-setup.ts', './packages/web/src/testing/setup-dom.ts'],
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          exclude: unitExclude,
          environment: 'jsdom',
          // One jsdom and one React for all files (as in unit: the setup gives each file its own
          // modules, real timers and empty storage).
          isolate: false,
          testTimeout: 30_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        ssr: { resolve: { conditions } },
        test: {
          name: 'db',
          include: ['packages/*/src/**/*.db.test.ts'],
          // As in unit: a worker keeps its libraries loaded, each file gets fresh modules.
          setupFiles: ['./scripts/fresh-file-setup.ts'],
          isolate: false,
          // Every database, port, data folder and Redis channel a file uses is its own, so files
          // run side by side (PGlite costs ~300 MB per open database: 24 GB is plenty).
          globalSetup: ['./scripts/server-bundle-setup.ts', './scripts/test-db-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // vitest's default poll gives up after 1 s: a loaded CI machine needs longer.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        ssr: { resolve: { conditions } },
        test: {
          name: 'browser',
          include: ['packages/*/src/**/*.browser.test.ts'],
          setupFiles: ['./scripts/fresh-file-setup.ts'],
          isolate: false,
          globalSetup: ['./scripts/server-bundle-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // vitest's default poll gives up after 1 s; a page's first load on a loaded CI machine
          // (a server just spawned, chromium starting beside it) has taken longer.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
