import fc from 'fast-check';

// A property that fails is shrunk to a small counterexample; with big inputs shrinking can run for
// many minutes. Bound every property (runs and shrinking) to 20 s and fail when it is cut short,
// so a failure is reported instead of stalling the run.
fc.configureGlobal({ interruptAfterTimeLimit: 20_000, markInterruptAsFailure: true });
