import fc from 'fast-check';

// A property that fails is shrunk to a small counterexample; with big inputs shrinking can run for
// many minutes. Bound every property (runs and shrinking) to 50 s and fail when it is cut short,
// so a failure is reported instead of stalling the run. 50 s is ten times the slowest unit test's
// time in a whole run (under 5 s), for a machine at load 10 (a fifth of a core each), and under
// the unit project's 60 s test timeout.
fc.configureGlobal({ interruptAfterTimeLimit: 50_000, markInterruptAsFailure: true });
