export const DEFAULT_ERROR_TEXT = 'Unexpected Application Error';

/** The text the error screen shows for something thrown: its message, else the default. */
export function thrownText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return DEFAULT_ERROR_TEXT;
}
