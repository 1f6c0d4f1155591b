import { ERRORS, parseCodedMessage, withSettingLabels } from '@balancer/core';
import { ApiError, errorMessageOf } from './api';

/**
 * A coded message (`text{(code)}` or text and code apart) as the operator reads it: the message,
 * with setting paths in words (core's one label map), then "error N" for whoever helps them.
 * Never the raw `{(N)}` suffix, nor a bare "(N)".
 */
export function codedMessageText(message: string, code: number): string {
  // An empty message (a bare `{(5010)}`) reads as the catalogue's message for its code.
  const text =
    parseCodedMessage(message).message.trim() ||
    Object.values(ERRORS).find((spec) => spec.code === code)?.message ||
    'Something went wrong';
  const words = withSettingLabels(text);
  return code >= 0 ? `${words} (error ${code})` : words;
}

/**
 * The server's coded error as the operator reads it (`codedMessageText`). Apart from lib/api so
 * that only the screens using it (lazy chunks) carry it, not /app's first load.
 */
export const codedText = (error: unknown): string =>
  error instanceof ApiError && error.code >= 0
    ? codedMessageText(error.message, error.code)
    : withSettingLabels(errorMessageOf(error));
