import { isCodedError } from '../errors/coded-error.js';

/** Shown when nothing readable can be taken from an error. */
export const UNEXTRACTABLE_ERROR_MESSAGE =
  'The error message could not be extracted, check the logs for more information.';

/**
 * The text to show for anything thrown: a string itself, the `message` of an Error or of an object
 * carrying a string `message`, else `UNEXTRACTABLE_ERROR_MESSAGE` (also for blank messages). A
 * CodedError gives its `codedMessage` (`text{(code)}`), so `parseCodedMessage` still finds the
 * code; split it with that function, which this one does not duplicate.
 */
export function extractErrorMessage(error: unknown): string {
  if (isCodedError(error)) return error.codedMessage;
  if (typeof error === 'string') return error.trim() === '' ? UNEXTRACTABLE_ERROR_MESSAGE : error;
  if (typeof error !== 'object' || error === null) return UNEXTRACTABLE_ERROR_MESSAGE;
  let message: unknown;
  try {
    message = (error as { message?: unknown }).message;
  } catch {
    // A throwing getter (or a revoked proxy) has no message to give.
    return UNEXTRACTABLE_ERROR_MESSAGE;
  }
  return typeof message === 'string' && message.trim() !== '' ? message : UNEXTRACTABLE_ERROR_MESSAGE;
}
