import { ApiError, errorMessageOf } from './api';

/**
 * The server's coded error as the operator reads it: its message and its code. Apart from
 * lib/api so that only the screens using it (lazy chunks) carry it, not /app's first load.
 */
export const codedText = (error: unknown): string =>
  error instanceof ApiError && error.code >= 0 ? `${error.message} (${error.code})` : errorMessageOf(error);
