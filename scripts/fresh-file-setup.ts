import { vi } from 'vitest';

// The projects run their files without per-file isolation (isolate: false): a worker keeps the
// libraries it loaded (Node's module cache: fastify, pg, PGlite, React, jsdom…) from one file to
// the next, which was most of a short file's time. Each file still starts with its own modules (so
// module state and a file's vi.mock start afresh) and real timers.
vi.resetModules();
vi.useRealTimers();
