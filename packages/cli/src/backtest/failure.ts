import { isCodedError } from '@balancer/core/errors';

/** Errors of the flags themselves (exit 2); anything else exits 1. */
const FLAG_ERRORS = new Set([
  'BACKTEST_UNKNOWN_FLAG',
  'BACKTEST_INVALID_FLAG',
  'BACKTEST_CONVENTIONS_CONFLICT',
  'BACKTEST_CONTRIBUTION_BELOW_MINIMUM',
]);

/** The exit code of a failed backtest: 2 for a bad flag, 1 for anything else. */
export function failureExitCode(error: unknown): number {
  return isCodedError(error) && FLAG_ERRORS.has(error.errorName) ? 2 : 1;
}

/** The error as one line, with its code when it is a coded error. */
export function oneLine(error: unknown): string {
  const text = isCodedError(error)
    ? `${error.message} (${error.code})`
    : error instanceof Error
      ? error.message
      : String(error);
  return text.replace(/\s*\n\s*/g, ' ');
}
