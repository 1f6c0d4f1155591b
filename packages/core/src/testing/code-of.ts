import { isCodedError } from '../errors/coded-error.js';

/**
 * Test helper: the catalogue code `fn` throws, or undefined when it returns normally. A thrown
 * error that is not a CodedError yields −1, so a test expecting a code fails on it.
 */
export function codeOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    return isCodedError(error) ? error.code : -1;
  }
  return undefined;
}
