import type { Kysely } from 'kysely';
import type { Config } from '../../config/schema.js';
import type { Database } from '../../db/types.js';
import type { SecretBox } from '../../shared/secret-box.js';
import type { AccessTokens } from './access-tokens.js';
import type { Captcha } from './captcha.js';
import type { GuessingGuard } from './guessing-guard.js';
import type { GuardScope } from './guessing-policy.js';
import type { Passwords } from './passwords.js';
import type { SessionsEnded } from './session-events.js';

/**
 * What the accounts feature takes from the outside world besides the database: the clock and
 * the terminal. Tests move the clock through OTP time steps and capture the root announcement.
 */
export interface AccountsEnvironment {
  /** Epoch milliseconds. */
  now(): number;
  /**
   * True when stdout is an interactive terminal, a person watching it; false when something
   * captures it (systemd's journal, Docker's logs, a pipe), which must never receive a secret.
   */
  readonly interactive: boolean;
  /** Writes to the operator's terminal, bypassing the logger (the root announcement holds a secret). */
  print(text: string): void;
}

/** The real terminal, and the platform's wall clock. */
export const systemEnvironment = (now: () => number): AccountsEnvironment => ({
  now,
  get interactive() {
    return process.stdout.isTTY === true;
  },
  print: (text) => {
    process.stdout.write(text);
  },
});

/** Everything the accounts operations share, built once by AccountsService. */
export interface AccountsContext {
  /** The database (throws 6002 until the platform is ready). */
  db(): Kysely<Database>;
  now(): number;
  config: Pick<
    Config,
    'ROOT_NICKNAME' | 'GUI_URL' | 'HOST' | 'PORT' | 'COOKIE_SECRET' | 'TLS' | 'PUBLIC_DOMAIN'
  >;
  box: SecretBox;
  passwords: Passwords;
  tokens: AccessTokens;
  captcha: Captcha;
  /** The throttles on failed passwords and codes (guessing-policy.ts). */
  guard: GuessingGuard;
  /** Sessions ended: forget them in the guards' cache and tell their sockets (session-events.ts). */
  sessionsEnded(event: SessionsEnded): void;
  /** Failed attempts throttle this account's new devices, one device or one session (root is notified). */
  accountGuessed(event: AccountGuessed): void;
}

/** What root is told when someone is guessing at an account (guessing-notice.ts). */
export interface AccountGuessed {
  userId: string;
  nickname: string;
  /** What is throttled: sign-ins from new devices, one known device, or one session's codes. */
  scope: Exclude<GuardScope, 'address'>;
  /** Failures counted in that scope. */
  attempts: number;
  throttledUntil: number;
  /** When the failure that called for the notice was made, epoch ms. */
  at: number;
  /** Where that failure came from, and what it tried. */
  ip: string | null;
  action: 'sign-in' | 'password update' | 'one-time code';
  /** The addresses failing, busiest first (for new devices: every address within a day, at most 10). */
  addresses: Array<{ address: string; attempts: number }>;
}
