import { extractErrorMessage, parseCodedMessage, UNEXTRACTABLE_ERROR_MESSAGE } from '@balancer/core';

/** Failures found by the client itself; their `code` is -1. */
export type ClientErrorKind =
  | 'INVALID_REQUEST_URL'
  | 'UNEXPECTED_RESPONSE_STATUS_CODE'
  | 'INVALID_RESPONSE_CONTENT_TYPE'
  | 'INVALID_RESPONSE_DTYPE'
  | 'NETWORK_ERROR'
  | 'NO_ACCESS_TOKEN';

/**
 * A failed API call: the server's message without its `{(code)}` suffix and the code (−1 when
 * the message carries none, as for client-side failures, which name their `kind`).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly kind: ClientErrorKind | 'API_ERROR';

  constructor(message: string, code = -1, kind: ClientErrorKind | 'API_ERROR' = 'API_ERROR') {
    super(message || UNEXTRACTABLE_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.code = code;
    this.kind = kind;
  }

  /** From an envelope's `error` text (`message{(code)}`). */
  static fromCodedMessage(raw: unknown): ApiError {
    if (typeof raw !== 'string' || raw.trim() === '') return new ApiError(UNEXTRACTABLE_ERROR_MESSAGE);
    const { message, code } = parseCodedMessage(raw);
    return new ApiError(message.trim() || UNEXTRACTABLE_ERROR_MESSAGE, code);
  }
}

/**
 * The text to show for any thrown value (dialogs and toasts show this): core's
 * extractErrorMessage without the `{(code)}` suffix the envelope's errors carry.
 */
export function errorMessageOf(error: unknown): string {
  return parseCodedMessage(extractErrorMessage(error)).message || UNEXTRACTABLE_ERROR_MESSAGE;
}
