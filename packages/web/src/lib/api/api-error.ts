import { ERRORS, extractErrorMessage, parseCodedMessage, UNEXTRACTABLE_ERROR_MESSAGE } from '@balancer/core';

/** The spec's HTTP-client errors, coded in core's catalogue (6250–6256). */
export type HttpClientErrorName =
  | 'INVALID_REQUEST_URL'
  | 'INVALID_REQUEST_HEADERS'
  | 'INVALID_REQUEST_OPTIONS'
  | 'INVALID_RESPONSE_DTYPE'
  | 'UNEXPECTED_RESPONSE_STATUS_CODE'
  | 'INVALID_RESPONSE_CONTENT_TYPE'
  | 'CONTENT_TYPE_MISSMATCH';

/** Failures found by the client itself: the coded ones, and two without a code (−1 or 4252). */
export type ClientErrorKind = HttpClientErrorName | 'NETWORK_ERROR' | 'NO_ACCESS_TOKEN';

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

  /** One of the client's catalogued errors, its message refined by `detail`. */
  static client(name: HttpClientErrorName, detail?: string): ApiError {
    const spec = ERRORS[name];
    return new ApiError(detail ? `${spec.message}: ${detail}` : spec.message, spec.code, name);
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
