import fc from 'fast-check';
import { vi } from 'vitest';

// A property that fails is shrunk to a small counterexample; with big inputs shrinking can run for
// many minutes. Bound every property (runs and shrinking) to 50 s and fail when it is cut short,
// so a failure is reported instead of stalling the run. 50 s is ten times the slowest property's
// time on a quiet machine (a machine at load 10 gives a test a fifth of a core), and under the
// unit project's 60 s test timeout.
fc.configureGlobal({ interruptAfterTimeLimit: 50_000, markInterruptAsFailure: true });

// The unit project runs its files one after another in one process (isolate: false: the libraries
// load once, not per file). Each file still starts with its own modules and real timers.
vi.resetModules();
vi.useRealTimers();
