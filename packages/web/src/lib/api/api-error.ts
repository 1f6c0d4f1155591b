import { parseCodedMessage } from '@balancer/core';

/** Spec §8: shown when an error carries no message we can read. */
export const UNEXTRACTABLE_MESSAGE =
  'The error message could not be extracted, check the logs for more information.';

/** Spec §8: failures found by the client itself; their `code` is -1. */
export type ClientErrorKind =
  | 'INVALID_REQUEST_URL'
  | 'UNEXPECTED_RESPONSE_STATUS_CODE'
  | 'INVALID_RESPONSE_CONTENT_TYPE'
  | 'INVALID_RESPONSE_DTYPE'
  | 'NETWORK_ERROR'
  | 'NO_ACCESS_TOKEN';

/** Envelope codes the client acts on (spec §8). */
export const ACCESS_TOKEN_INVALID = 4252;
export const NO_SESSION = 4750;
export const PLATFORM_NOT_READY = 6002;

/**
 * A failed API call: the server's message without its `{(code)}` suffix and the code (−1 when
 * the message carries none, as for client-side failures, which name their `kind`).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly kind: ClientErrorKind | 'API_ERROR';

  constructor(message: string, code = -1, kind: ClientErrorKind | 'API_ERROR' = 'API_ERROR') {
    super(message || UNEXTRACTABLE_MESSAGE);
    this.name = 'ApiError';
    this.code = code;
    this.kind = kind;
  }

  /** From an envelope's `error` text (`message{(code)}`). */
  static fromCodedMessage(raw: unknown): ApiError {
    if (typeof raw !== 'string' || raw.trim() === '') return new ApiError(UNEXTRACTABLE_MESSAGE);
    const { message, code } = parseCodedMessage(raw);
    return new ApiError(message.trim() || UNEXTRACTABLE_MESSAGE, code);
  }
}

/** The text to show for any thrown value (dialogs show this). */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return parseCodedMessage(error).message || UNEXTRACTABLE_MESSAGE;
  return UNEXTRACTABLE_MESSAGE;
}
