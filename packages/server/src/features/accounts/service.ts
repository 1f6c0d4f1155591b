import { randomUUID } from 'node:crypto';
import {
  type CaptchaChallenge,
  CodedError,
  type EventTimePageQuery,
  ROOT_AUTHORITY,
  type SessionUser,
  type SignInBody,
  type UpdatePasswordBody,
  type UserCreate,
} from '@balancer/core';
import type { Config } from '../../config/schema.js';
import type { OtpOrigin } from '../../http/access-control.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import { type Clock, SYSTEM_CLOCK } from '../../shared/clock.js';
import { type ClusterBus, LocalBus } from '../../shared/cluster-bus.js';
import { SecretBox } from '../../shared/secret-box.js';
import { AccessTokens } from './access-tokens.js';
import { AuthUserCache, staleSessionsHint, subscribeStaleSessions } from './auth-user-cache.js';
import { Captcha } from './captcha.js';
import {
  type AccountGuessed,
  type AccountsContext,
  type AccountsEnvironment,
  systemEnvironment,
} from './context.js';
import {
  type IssuedTokens,
  type KnownDevice,
  reportFailure,
  type SignedIn,
  signIn,
  updatePassword,
} from './credentials.js';
import { sessionKey } from './guard-keys.js';
import { GuessingGuard } from './guessing-guard.js';
import { acceptOtp } from './one-time-codes.js';
import { Passwords } from './passwords.js';
import { refreshTokenFromHeader } from './refresh-cookie.js';
import { type RootOtp, rootAnnouncement, rootOtpForOperator, webAppUrl } from './root-account.js';
import { RootPasswordReminder } from './root-reminder.js';
import { RootSecretDelivery } from './root-secret.js';
import { SessionEvents } from './session-events.js';
import { refreshSession, sessionOfRefreshToken, signOut } from './sessions.js';
import {
  createSession,
  type Device,
  endSession,
  endSessions,
  sessionIdsOf as listSessionIdsOf,
  liveSessionIds,
  liveSessionUser,
  type SessionRecord,
} from './sessions-repository.js';
import * as admin from './user-admin.js';
import { findUserById, findUserByNickname, listUsers, type UserRecord } from './users-repository.js';

/** The device recorded for sessions opened by `issueAccessToken` (tests and benchmarks). */
const ISSUED_DEVICE: Device = { ip: null, userAgent: 'issued by the server (tests, benchmarks)' };

/**
 * Accounts, one-time codes, captcha and sessions (docs/accounts.md). The guards call
 * `authenticate` and `verifyOtp`; the routes call the rest. Reaches the database lazily, so it can
 * be built before the platform is ready.
 */
export class AccountsService {
  /** The clock and terminal; tests and benchmarks replace it before the platform is ready. */
  environment: AccountsEnvironment;
  /** Sessions ending (the stream listens, to disconnect their sockets). */
  readonly sessionEvents = new SessionEvents();
  /** Told when someone is guessing at an account (composeServices notifies root). */
  onAccountGuessed: (event: AccountGuessed) => void = () => {};
  private readonly ctx: AccountsContext;
  private readonly sessionCache = new AuthUserCache();
  private readonly rootSecret: RootSecretDelivery;

  constructor(
    readonly platform: Platform,
    readonly config: Config,
    readonly logger: Logger,
    /** The platform's clock (composeServices); the cli and tests leave the system's. */
    clock: Clock = SYSTEM_CLOCK,
    /** The other instances on the database: told of every change to a user or its sessions. */
    private readonly bus: ClusterBus = new LocalBus('local'),
  ) {
    this.environment = systemEnvironment(clock.wallNow);
    subscribeStaleSessions(bus, this.sessionCache);
    const db = () => platform.database.db;
    this.ctx = {
      db,
      now: () => this.environment.now(),
      config,
      box: new SecretBox(config.ENCRYPTION_KEY),
      passwords: new Passwords(config.PASSWORD_PEPPER),
      tokens: new AccessTokens(config.JWT_SECRET),
      captcha: new Captcha(config.ALTCHA_HMAC_KEY, db),
      guard: new GuessingGuard(db),
      sessionsEnded: (event) => {
        this.sessionCache.invalidateSessions(event.sessionIds);
        staleSessionsHint(this.bus, { sessionIds: event.sessionIds });
        for (const failure of this.sessionEvents.emit(event)) {
          logger.error({ err: failure, userId: event.userId }, 'a session-end listener failed');
        }
      },
      accountGuessed: (event) => this.onAccountGuessed(event),
    };
    this.rootSecret = new RootSecretDelivery(
      this.ctx,
      config.BALANCER_DATA_DIR,
      () => this.environment,
      logger,
    );
  }

  /**
   * The bearer token's user with their current nickname and authority, or ACCESS_TOKEN_INVALID:
   * also when the session the token was issued for has ended (signed out, user deleted...).
   */
  async authenticate(token: string): Promise<SessionUser> {
    const now = this.ctx.now();
    const claims = await this.ctx.tokens.claims(token, now);
    const user = claims
      ? await this.sessionCache.get(claims.sessionId, now, () =>
          liveSessionUser(this.ctx.db(), claims.sessionId, now),
        )
      : undefined;
    if (!user || user.id !== claims?.userId) throw new CodedError('ACCESS_TOKEN_INVALID');
    return user;
  }

  /**
   * Accepts the user's code once (OTP_INVALID when wrong, expired or already used). Each try is
   * counted for the session its access token names, and for nothing else: failures throttle that
   * session alone (ATTEMPTS_THROTTLED), and sign-in guessing never refuses it. Without a token (the
   * service called directly, as tests do) the tries share one `direct` count.
   */
  async verifyOtp(user: SessionUser, code: string, from: OtpOrigin = { ip: null }): Promise<void> {
    const row = await findUserById(this.ctx.db(), user.id);
    if (!row) throw new CodedError('OTP_INVALID');
    const claims = from.token ? await this.ctx.tokens.claims(from.token, this.ctx.now()) : null;
    const keys = [sessionKey(row.id, claims?.sessionId ?? null)];
    const counted = await this.ctx.guard.begin(keys, this.ctx.now());
    if (!(await acceptOtp(this.ctx, row, code))) {
      await reportFailure(this.ctx, row, counted, from.ip, 'one-time code');
      throw new CodedError('OTP_INVALID');
    }
    await this.ctx.guard.succeeded(keys);
  }

  /** Which of these sessions are still live (the stream checks its sockets with it). */
  liveSessions(sessionIds: readonly string[]): Promise<Set<string>> {
    return liveSessionIds(this.ctx.db(), sessionIds, this.ctx.now());
  }

  /**
   * Lifts every guessing throttle of the user with this nickname (the operator's `unlock`); false
   * when it had none. USER_NOT_FOUND for an unknown nickname.
   */
  async unlockByNickname(nickname: string): Promise<boolean> {
    const row = await findUserByNickname(this.ctx.db(), nickname);
    if (!row) throw new CodedError('USER_NOT_FOUND');
    return this.ctx.guard.unlock(row.id);
  }

  /** Lifts a user's guessing throttles (root on the Users screen); false when it had none. */
  async unlock(id: string): Promise<boolean> {
    const row = await findUserById(this.ctx.db(), id);
    if (!row) throw new CodedError('USER_NOT_FOUND');
    return this.ctx.guard.unlock(row.id);
  }

  /**
   * At start: creates root on the first run and hands its secret to the operator, never to the
   * log (root-secret.ts: the terminal, or a 0600 file in the data folder); reminds while root has
   * no password.
   */
  ensureRoot(): Promise<void> {
    return this.rootSecret.atStart();
  }

  /** The background task repeating the start's one-line reminder until root has a password. */
  rootPasswordReminder(): RootPasswordReminder {
    return new RootPasswordReminder(() => this.rootSecret.settle(true), this.logger);
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

  /** The user a refresh cookie belongs to and its session, without rotating it (the socket handshake). */
  sessionFromRefreshCookie(
    cookieHeader: string | undefined,
  ): Promise<{ user: SessionUser; sessionId: string } | null> {
    return sessionOfRefreshToken(this.ctx, refreshTokenFromHeader(cookieHeader, this.config.COOKIE_SECRET));
  }

  captchaChallenge(): Promise<CaptchaChallenge> {
    return this.ctx.captcha.challenge(this.ctx.now());
  }

  /** The accounts clock (epoch ms): device cookies are issued and checked on it. */
  now(): number {
    return this.ctx.now();
  }

  /** `known` reads the request's device cookie for the account (device-cookie.ts). */
  signIn(body: SignInBody, device: Device, known: KnownDevice = () => null): Promise<SignedIn> {
    return signIn(this.ctx, body, device, known);
  }

  /** Sets the password; answers whose it was (the route gives the browser that account's device cookie). */
  async updatePassword(
    body: UpdatePasswordBody,
    ip: string,
    known: KnownDevice = () => null,
  ): Promise<string> {
    const userId = await updatePassword(this.ctx, body, ip, known);
    // Root's first password: the secret's file in the data folder has served its purpose.
    await this.rootSecret.settle();
    return userId;
  }

  refresh(refreshToken: string | null, device: Device): Promise<IssuedTokens> {
    return refreshSession(this.ctx, refreshToken, device);
  }

  signOut(user: SessionUser, refreshToken: string | null, allDevices: boolean): Promise<void> {
    return signOut(this.ctx, user, refreshToken, allDevices);
  }

  /**
   * An access token for a user, as sign-in would issue it (benchmarks and tests): in the user's
   * latest server-issued session, opened the first time (it ends like any other session).
   */
  async issueAccessToken(userId: string): Promise<string> {
    const now = this.ctx.now();
    const db = this.ctx.db();
    const existing = await db
      .selectFrom('refresh_sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('user_agent', '=', ISSUED_DEVICE.userAgent)
      .where('expires_at', '>', String(now))
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const sessionId =
      existing?.id ?? (await createSession(db, userId, `issued:${randomUUID()}`, ISSUED_DEVICE, now)).id;
    return this.ctx.tokens.issue(userId, sessionId, now);
  }

  /** Every user with its guessing throttles, highest authority first. */
  async listUsers(): Promise<UserRecord[]> {
    const [users, guards] = await Promise.all([
      listUsers(this.ctx.db()),
      this.ctx.guard.states(this.ctx.now()),
    ]);
    return users.map((user) => ({ ...user, guard: guards.get(user.id) ?? user.guard }));
  }

  createUser(input: UserCreate): Promise<UserRecord> {
    return admin.createUser(this.ctx, input);
  }

  renameUser(id: string, nickname: string): Promise<UserRecord> {
    return this.changing(id, () => admin.renameUser(this.ctx, id, nickname));
  }

  /** A new authority ends the user's sessions: they sign in again and see what they may now do. */
  async setAuthority(id: string, authority: number): Promise<UserRecord> {
    const user = await this.changing(id, () => admin.setAuthority(this.ctx, id, authority));
    const ended = await endSessions(this.ctx.db(), id, 'all');
    this.ctx.sessionsEnded({ userId: id, sessionIds: ended, reason: 'authority-changed' });
    return user;
  }

  /** Deletes the user; its sessions go with it (foreign keys), and their sockets are closed. */
  async deleteUser(id: string): Promise<void> {
    const sessions = await listSessionIdsOf(this.ctx.db(), id);
    await this.changing(id, () => admin.deleteUser(this.ctx, id));
    this.ctx.sessionsEnded({ userId: id, sessionIds: sessions, reason: 'account-deleted' });
  }

  /** Runs a change to the user, then drops what the guards cached about them. */
  private async changing<T>(id: string, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      this.sessionCache.invalidateUser(id);
      staleSessionsHint(this.bus, { userId: id });
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

  /** A user's sessions; `currentSessionId` (the caller's) is marked current. */
  sessions(id: string, currentSessionId: string | null = null): Promise<SessionRecord[]> {
    return admin.userSessions(this.ctx, id, currentSessionId);
  }

  /** The session a (verified) bearer token was issued for: the caller's "this device". */
  async sessionIdOf(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    return (await this.ctx.tokens.claims(token, this.ctx.now()))?.sessionId ?? null;
  }

  /**
   * `GET /auth/jwt/:userId`: the caller's own sessions (`me` or their id), this device marked;
   * another user's only for root (NOT_YOUR_SESSIONS), USER_NOT_FOUND for an unknown id.
   */
  sessionsOf(caller: SessionUser, userId: string, currentSessionId: string | null): Promise<SessionRecord[]> {
    const id = userId === 'me' ? caller.id : userId;
    if (id !== caller.id && caller.authority < ROOT_AUTHORITY) throw new CodedError('NOT_YOUR_SESSIONS');
    return this.sessions(id, currentSessionId);
  }

  /**
   * Ends one session: one of the caller's own, or anyone's for root (SESSION_NOT_FOUND for any
   * other id, so nobody learns which ids exist). Its tokens stop working and its sockets close.
   */
  async endSession(caller: SessionUser, sessionId: string): Promise<void> {
    const onlyOf = caller.authority >= ROOT_AUTHORITY ? null : caller.id;
    const owner = await endSession(this.ctx.db(), sessionId, onlyOf);
    if (!owner) throw new CodedError('SESSION_NOT_FOUND');
    this.ctx.sessionsEnded({ userId: owner, sessionIds: [sessionId], reason: 'session-ended' });
  }
}
