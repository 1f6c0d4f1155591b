import type { Logger } from '../../logging/logger.js';
import type { OperatorNotice } from '../../shared/notifications.js';
import type { AccountLocked } from './context.js';

/** Where the notice goes (the platform's notifications; kept a function so accounts stays apart). */
export type Notify = (notification: OperatorNotice, now: number) => Promise<unknown>;

/** The notice root gets when failed attempts lock an account: who, how, from where, what to do. */
export function lockNotice(event: AccountLocked): OperatorNotice {
  const until = new Date(event.lockedUntil)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
  return {
    sender: 'accounts',
    title: `Account ${event.nickname} locked after ${event.attempts} failed attempts`,
    description: [
      `The last failed ${event.action} came from ${event.ip ?? 'an unknown address'}.`,
      `Attempts on this account are refused until ${until}; each further failure doubles the wait, up to an hour.`,
      'If it was not you or the account holder, someone is guessing: keep the password and the authenticator safe.',
      `To lift the lock: root's Users screen, or \`npm run cli -- unlock ${event.nickname}\` on the server.`,
    ].join('\n'),
  };
}

/** Sends `lockNotice` without waiting for it; a failure to store it is logged, not thrown. */
export function accountLockNotifier(notify: Notify, logger: Logger): (event: AccountLocked) => void {
  return (event) => {
    logger.warn(
      { user: event.nickname, attempts: event.attempts, ip: event.ip, action: event.action },
      'account locked after failed attempts',
    );
    notify(lockNotice(event), event.at).catch((error: unknown) =>
      logger.error({ err: error, user: event.nickname }, 'could not store the account-lock notification'),
    );
  };
}
