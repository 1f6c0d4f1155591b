import type { Logger } from '../../logging/logger.js';
import type { OperatorNotice } from '../../shared/notifications.js';
import type { AccountGuessed } from './context.js';

/** Where the notice goes (the platform's notifications; kept a function so accounts stays apart). */
export type Notify = (notification: OperatorNotice, now: number) => Promise<unknown>;

const WHAT: Record<AccountGuessed['scope'], string> = {
  'new-devices': 'Sign-ins from new devices are refused',
  device: 'Sign-ins from that one device are refused',
  session: "That session's protected actions are refused",
};

const STILL: Record<AccountGuessed['scope'], string> = {
  'new-devices':
    'Devices that signed in to this account before, and its open sessions, still get in with the right password and code.',
  device: 'Other devices and open sessions are not affected.',
  session: 'Sign-in and other sessions are not affected. If it was not the owner, end that session.',
};

function utc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

/**
 * The notice root gets when someone is guessing at an account (guessing-policy.ts `noticeDue`:
 * when a throttle starts, then every 24 failures more): who, what, from which addresses, what
 * still works and how to lift it.
 */
export function guessingNotice(event: AccountGuessed): OperatorNotice {
  const from = event.addresses.map((entry) => `${entry.address} (${entry.attempts})`).join(', ');
  return {
    sender: 'accounts',
    title: `Someone is guessing at ${event.nickname}: ${event.attempts} failed attempts`,
    description: [
      event.scope === 'session'
        ? `${event.attempts} wrong one-time codes in one session, from: ${from || 'an unknown address'}.`
        : `${event.attempts} failed sign-ins or password updates (the last a ${event.action}) from: ${from || 'an unknown address'}.`,
      `${WHAT[event.scope]} until ${utc(event.throttledUntil)}; each further failure doubles the wait, up to an hour.`,
      STILL[event.scope],
      'If it was not the account holder, someone is guessing: keep the password and the authenticator safe; you may blacklist the addresses.',
      `To lift the throttles: root's Users screen, or \`npm run cli -- unlock ${event.nickname}\` on the server.`,
    ].join('\n'),
  };
}

/** Sends `guessingNotice` without waiting for it; a failure to store it is logged, not thrown. */
export function accountGuessedNotifier(notify: Notify, logger: Logger): (event: AccountGuessed) => void {
  return (event) => {
    logger.warn(
      {
        user: event.nickname,
        scope: event.scope,
        attempts: event.attempts,
        ip: event.ip,
        addresses: event.addresses.map((entry) => entry.address),
        action: event.action,
      },
      'failed attempts throttle an account',
    );
    notify(guessingNotice(event), event.at).catch((error: unknown) =>
      logger.error({ err: error, user: event.nickname }, 'could not store the guessing notification'),
    );
  };
}
