import { randomUUID } from 'node:crypto';
import { CodedError, ROOT_AUTHORITY } from '@balancer/core';
import { platformUrl } from '../../shared/platform-url.js';
import type { AccountsContext } from './context.js';
import { openOtpSecret, sealOtpSecret } from './one-time-codes.js';
import { newOtpSecret, otpauthUri } from './otp.js';
import { findRoot } from './users-repository.js';

/** Root's one-time-code secret, as the operator needs it to set up an authenticator app. */
export interface RootOtp {
  nickname: string;
  secret: string;
  otpauthUri: string;
}

/** Where the web app is: the first GUI_URL, else this server (localhost when it listens locally). */
export function webAppUrl(config: AccountsContext['config']): string {
  const [gui] = config.GUI_URL;
  if (gui) return gui.replace(/\/+$/, '');
  return platformUrl(config, config.PORT);
}

/** Where the root announcement goes: the first start's terminal, the data folder's file, or the cli. */
export type AnnouncementPlace = 'terminal' | 'file' | 'cli';

const CLOSING_LINES: Record<AnnouncementPlace, string> = {
  terminal:
    '  This is shown once; `npm run cli -- root-otp` shows it again to whoever can read the data folder.',
  file: '  This file is deleted once root has set its password; `npm run cli -- root-otp` shows the secret again.',
  cli: "  Keep it private: whoever holds it and root's password controls this platform.",
};

/**
 * The text shown to the operator: the otpauth URI, a QR code of it for the phone, and where to
 * set the password. It holds the secret: it goes to the terminal or to a 0600 file, never
 * through the logger.
 */
export async function rootAnnouncement(
  otp: RootOtp,
  url: string,
  heading: string,
  place: AnnouncementPlace,
): Promise<string> {
  // Loaded here: only a first start (or an OTP reset) shows a QR code.
  const { default: QRCode } = await import('qrcode');
  const qr = await QRCode.toString(otp.otpauthUri, { type: 'terminal', small: true });
  return [
    '',
    `  ${heading}`,
    '',
    `  Nickname: ${otp.nickname}`,
    '  Add this one-time-code secret to an authenticator app (scan the QR code or open the URI):',
    '',
    `  ${otp.otpauthUri}`,
    '',
    qr,
    `  Then set root's password at ${url}/auth/update-password with a code from the app.`,
    CLOSING_LINES[place],
    '',
    '',
  ].join('\n');
}

/**
 * Creates root (authority 5, nickname ROOT_NICKNAME, a fresh TOTP secret, no password) when
 * there is none, and returns its secret; returns null when root already exists. Two servers
 * starting together on one PostgreSQL cannot both create it (single-root unique index).
 */
export async function createRootIfMissing(ctx: AccountsContext): Promise<RootOtp | null> {
  const db = ctx.db();
  if (await findRoot(db)) return null;
  const id = randomUUID();
  const secret = newOtpSecret();
  const nickname = ctx.config.ROOT_NICKNAME;
  const inserted = await db
    .insertInto('users')
    .values({
      id,
      nickname,
      authority: ROOT_AUTHORITY,
      password_hash: null,
      otp_secret_sealed: sealOtpSecret(ctx, id, secret),
      created_at: ctx.now(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { nickname, secret, otpauthUri: otpauthUri(secret, nickname) };
  // Nothing inserted: another server made root meanwhile, or a user already has the nickname.
  if (await findRoot(db)) return null;
  throw new CodedError('NICKNAME_TAKEN', `root cannot be created: a user is already named ${nickname}`);
}

/**
 * Root's current secret for the operator's cli, creating root first if the server never ran;
 * `rotate` replaces the secret (codes from the old one stop working at once).
 */
export async function rootOtpForOperator(ctx: AccountsContext, rotate: boolean): Promise<RootOtp> {
  const created = await createRootIfMissing(ctx);
  if (created) return created;
  const db = ctx.db();
  const root = await findRoot(db);
  if (!root) throw new CodedError('USER_NOT_FOUND', 'root');
  if (!rotate) {
    const secret = openOtpSecret(ctx, root);
    return { nickname: root.nickname, secret, otpauthUri: otpauthUri(secret, root.nickname) };
  }
  const secret = newOtpSecret();
  await db
    .updateTable('users')
    .set({ otp_secret_sealed: sealOtpSecret(ctx, root.id, secret), otp_last_step: null })
    .where('id', '=', root.id)
    .execute();
  return { nickname: root.nickname, secret, otpauthUri: otpauthUri(secret, root.nickname) };
}
