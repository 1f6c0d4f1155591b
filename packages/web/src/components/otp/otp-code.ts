import { OTP_CODE_LENGTH, otpCodeSchema } from '@balancer/core';

export { OTP_CODE_LENGTH };

/** The error when the clipboard holds something other than a code. */
export const INVALID_CLIPBOARD_OTP_MESSAGE = 'The clipboard text is not a valid OTP token.';

/** True for exactly six ASCII digits (the shared schema the server checks too). */
export function isValidOtpCode(value: string): boolean {
  return otpCodeSchema.safeParse(value).success;
}

/** Digits of `text`, at most six: spaces and dashes of a copied '123 456' or '123-456' go. */
export function otpDigitsOf(text: string): string {
  return text.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH);
}

/** Whether the browser lets a page read the clipboard (the Paste button shows only then). */
export function canReadClipboard(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function';
}
