/** The install and service-worker errors, kept as state and logged. */
export const PWA_ERROR_MESSAGES = {
  SW_NO_BROWSER_SUPPORT: 'The browser does not support Service Workers.',
  EMPTY_SW_REGISTRATION: "The Service Worker's Registration is empty",
  NO_APP_INSTALLER: 'The app cannot be installed because the prompt event was not provided by the browser.',
  UNKNOWN_INSTALLATION_PROMPT_ERROR: 'The installation prompt failed for an unknown reason.',
} as const;

export type PwaErrorCode = keyof typeof PWA_ERROR_MESSAGES;

export class PwaError extends Error {
  readonly code: PwaErrorCode;

  constructor(code: PwaErrorCode, options?: { cause?: unknown }) {
    super(PWA_ERROR_MESSAGES[code], options);
    this.name = 'PwaError';
    this.code = code;
  }
}

/**
 * What a registration or prompt threw, to keep as state: our own errors as they are, anything
 * else as `fallback` (with the original as its cause) or, without one, the original error.
 * Logged as a warning: nothing is shown to the user.
 */
export function keepPwaError(error: unknown, fallback: PwaErrorCode | null): Error {
  let kept: Error;
  if (error instanceof PwaError) kept = error;
  else if (fallback) kept = new PwaError(fallback, { cause: error });
  else kept = error instanceof Error ? error : new Error(String(error));
  console.warn(`[pwa] ${kept.message}`, kept.cause ?? '');
  return kept;
}
