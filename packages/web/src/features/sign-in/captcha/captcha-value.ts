/** The widget's states; 'code' (an image challenge) is never asked by our server. */
export type CaptchaState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';

/**
 * The captcha's value in a form: undefined before any attempt, the payload once
 * verified, null once a submit was attempted without a payload (the form then shows
 * CAPTCHA_REQUIRED_MESSAGE).
 */
export type CaptchaValue = string | null | undefined;

/**
 * The value after the widget reports `state`. Verified brings the payload; error and expired
 * clear it (a payload is single-use and short-lived); unverified/verifying keep a null so the
 * "prove you're not a robot" message stays until a payload arrives.
 */
export function captchaValueAfter(
  previous: CaptchaValue,
  state: CaptchaState,
  payload: string | null | undefined,
): CaptchaValue {
  if (state === 'verified' && payload) return payload;
  if (state === 'error' || state === 'expired') return previous === null ? null : undefined;
  return typeof previous === 'string' ? undefined : previous;
}

/** The value after a submit attempt: a missing payload becomes null (shows the message). */
export function captchaValueOnSubmit(previous: CaptchaValue): CaptchaValue {
  return typeof previous === 'string' && previous ? previous : null;
}
