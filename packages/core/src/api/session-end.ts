/*
 * Why a session ended while its user may still be looking at the app: the server ends it (and
 * disconnects its sockets, and refuses its access tokens) and the app shows this on the sign-in
 * screen. Kept free of zod (the event's schema is in stream.ts), so that the web app's first load
 * can read these messages without the schema library.
 */

export const SESSION_END_MESSAGES = {
  'signed-out': 'You signed out on this device.',
  'signed-out-everywhere': 'You were signed out of all devices.',
  'password-changed': 'The password of this account was changed: sign in with the new one.',
  'authority-changed': 'The authority of this account was changed: sign in again.',
  'account-deleted': 'This account was deleted.',
  'session-reused': 'This session was ended because an old copy of its refresh token was used.',
  'ip-blacklisted': 'Requests from this address are no longer allowed.',
  'session-expired': 'Your session has ended: sign in again.',
  'session-ended': 'This session was ended from the list of sessions: sign in again.',
} as const;

export type SessionEndReason = keyof typeof SESSION_END_MESSAGES;

/** The reasons, in a fixed order (the schema's enum). */
export const SESSION_END_REASONS = Object.keys(SESSION_END_MESSAGES) as [
  SessionEndReason,
  ...SessionEndReason[],
];

/** The stream event the server sends a socket right before it disconnects it. */
export interface SessionEndedEvent {
  reason: SessionEndReason;
  message: string;
}

/** The event for a reason, with the message the app shows. */
export function sessionEnded(reason: SessionEndReason): SessionEndedEvent {
  return { reason, message: SESSION_END_MESSAGES[reason] };
}

/** Whether a value is a reason the server sends (a cheap check for the browser). */
export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && Object.hasOwn(SESSION_END_MESSAGES, value);
}
