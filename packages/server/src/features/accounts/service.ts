import {
  type CaptchaChallenge,
  CodedError,
  type EventTimePageQuery,
  type SignInBody,
  type UpdatePasswordBody,
  type UserCreate,
} from '@balancer/core';
import type { Config } from '../../config/schema.js';
import type { AuthUser } from '../../http/route-spec.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import { AccessTokens } from './access-tokens.js';
import { AuthUserCache } from './auth-user-cache.js';
import { Captcha } from './captcha.js';
import { type AccountsContext, type AccountsEnvironment, SYSTEM_ENVIRONMENT } from './context.js';
import { type IssuedTokens, signIn, updatePassword } from './credentials.js';
import { acceptOtp } from './one-time-codes.js';
import { Passwords } from './passwords.js';
import { refreshTokenFromHeader } from './refresh-cookie.js';
import { type RootOtp, rootAnnouncement, rootOtpForOperator, webAppUrl } from './root-account.js';
import { RootSecretDelivery } from './root-secret.js';
import { SecretBox } from './secret-box.js';
import { refreshSession, signOut, userOfRefreshToken } from './sessions.js';
import type { Device, SessionRecord } from './sessions-repository.js';
import * as admin from './user-admin.js';
import { findUserById, listUsers, type UserRecord } from './users-repository.js';

/**
 * Accounts, one-time codes, captcha and sessions (reference §3.3). The guards call
 * `authenticate` and `verifyOtp`; the routes call the rest. Reaches the database lazily, so it can
 * be built before the platform is ready.
 */
export class AccountsService {
  /** The clock and terminal; tests and benchmarks replace it before the platform is ready. */
  environment: AccountsEnvironment = SYSTEM_ENVIRONMENT;
  private readonly ctx: AccountsContext;
  private readonly users = new AuthUserCache();
  private readonly rootSecret: RootSecretDelivery;

  constructor(
    readonly platform: Platform,
    readonly config: Config,
    readonly logger: Logger,
  ) {
    const db = () => platform.database.db;
    this.ctx = {
      db,
      now: () => this.environment.now(),
      config,
      box: new SecretBox(config.ENCRYPTION_KEY),
      passwords: new Passwords(config.PASSWORD_PEPPER),
      tokens: new AccessTokens(config.JWT_SECRET),
      captcha: new Captcha(config.ALTCHA_HMAC_KEY, db),
    };
    this.rootSecret = new RootSecretDelivery(
      this.ctx,
      config.BALANCER_DATA_DIR,
      () => this.environment,
      logger,
    );
  }

  /** The bearer token's user with their current nickname and authority, or ACCESS_TOKEN_INVALID. */
  async authenticate(token: string): Promise<AuthUser> {
    const now = this.ctx.now();
    const userId = await this.ctx.tokens.subject(token, now);
    const user = userId
      ? await this.users.get(userId, now, async () => {
          const row = await findUserById(this.ctx.db(), userId);
          return row && { id: row.id, nickname: row.nickname, authority: row.authority };
        })
      : undefined;
    if (!user) throw new CodedError('ACCESS_TOKEN_INVALID');
    return user;
  }

  /** Accepts the user's code once (OTP_INVALID when wrong, expired or already used). */
  async verifyOtp(user: AuthUser, code: string): Promise<void> {
    const row = await findUserById(this.ctx.db(), user.id);
    if (!row || !(await acceptOtp(this.ctx, row, code))) throw new CodedError('OTP_INVALID');
  }

  /**
   * At start: creates root on the first run and hands its secret to the operator, never to the
   * log (root-secret.ts: the terminal, or a 0600 file in the data folder); reminds while root has
   * no password.
   */
  ensureRoot(): Promise<void> {
    return this.rootSecret.atStart();
  }

  /** Root's secret for the operator's cli (created if missing), rotated when asked. */
  rootOtp(rotate: boolean): Promise<RootOtp> {
    return rootOtpForOperator(this.ctx, rotate);
  }

  /** The text the cli prints: root's secret (rotated first when asked), as a URI and QR code. */
  async rootOtpAnnouncement(rotate: boolean): Promise<string> {
    const otp = await this.rootOtp(rotate);
    const heading = rotate
      ? "Root's one-time-code secret was replaced: codes from the old one no longer work."
      : "Root's one-time-code secret.";
    return rootAnnouncement(otp, webAppUrl(this.config), heading, 'cli');
  }

  /** The user a refresh cookie belongs to, without rotating it (the socket handshake). */
  userFromRefreshCookie(cookieHeader: string | undefined): Promise<AuthUser | null> {
    return userOfRefreshToken(this.ctx, refreshTokenFromHeader(cookieHeader, this.config.COOKIE_SECRET));
  }

  captchaChallenge(): Promise<CaptchaChallenge> {
    return this.ctx.captcha.challenge(this.ctx.now());
  }

  signIn(body: SignInBody, device: Device): Promise<IssuedTokens> {
    return signIn(this.ctx, body, device);
  }

  async updatePassword(body: UpdatePasswordBody, ip: string): Promise<void> {
    await updatePassword(this.ctx, body, ip);
    // Root's first password: the secret's file in the data folder has served its purpose.
    await this.rootSecret.settle();
  }

  refresh(refreshToken: string | null, device: Device): Promise<IssuedTokens> {
    return refreshSession(this.ctx, refreshToken, device);
  }

  signOut(user: AuthUser, refreshToken: string | null, allDevices: boolean): Promise<void> {
    return signOut(this.ctx, user, refreshToken, allDevices);
  }

  /** An access token for a user, as sign-in would issue it (benchmarks and tests). */
  issueAccessToken(userId: string): Promise<string> {
    return this.ctx.tokens.issue(userId, this.ctx.now());
  }

  listUsers(): Promise<UserRecord[]> {
    return listUsers(this.ctx.db());
  }

  createUser(input: UserCreate): Promise<UserRecord> {
    return admin.createUser(this.ctx, input);
  }

  renameUser(id: string, nickname: string): Promise<UserRecord> {
    return this.changing(id, () => admin.renameUser(this.ctx, id, nickname));
  }

  setAuthority(id: string, authority: number): Promise<UserRecord> {
    return this.changing(id, () => admin.setAuthority(this.ctx, id, authority));
  }

  deleteUser(id: string): Promise<void> {
    return this.changing(id, () => admin.deleteUser(this.ctx, id));
  }

  /** Runs a change to the user, then drops what the guards cached about them. */
  private async changing<T>(id: string, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      this.users.invalidate(id);
    }
  }

  otpHandover(id: string): Promise<admin.OtpHandover> {
    return admin.otpHandover(this.ctx, id);
  }

  rotateOtpSecret(id: string): Promise<admin.OtpHandover> {
    return admin.rotateOtpSecret(this.ctx, id);
  }

  passwordUpdates(id: string, page: EventTimePageQuery) {
    return admin.userPasswordUpdates(this.ctx, id, page);
  }

  sessions(id: string): Promise<SessionRecord[]> {
    return admin.userSessions(this.ctx, id);
  }
}
