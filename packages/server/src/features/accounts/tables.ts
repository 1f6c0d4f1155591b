import type { ColumnType, Generated } from 'kysely';

/** Epoch milliseconds: BIGINT, which pg returns as a string (convert with Number()). */
type EpochMs = ColumnType<string, number, number>;

/** One account. Root is the single user of authority 5 (a partial unique index keeps it single). */
export interface UsersTable {
  id: Generated<string>;
  /** As typed; uniqueness ignores case (unique index on lower(nickname)). */
  nickname: string;
  /** 1–5. */
  authority: number;
  /** argon2id PHC string (peppered); null until the user sets a password with their OTP code. */
  password_hash: string | null;
  /** The TOTP secret sealed with ENCRYPTION_KEY (shared/secret-box.ts), bound to this user's id. */
  otp_secret_sealed: string;
  /** The last TOTP time step accepted (30 s steps since the epoch): codes of it and earlier are refused. */
  otp_last_step: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: EpochMs;
}

/** One row per password update (the history root can read). */
export interface PasswordUpdatesTable {
  id: Generated<string>;
  user_id: string;
  event_time: EpochMs;
  /** The IP the update came from. */
  ip: string | null;
}

/**
 * One row per signed-in device. The refresh token itself is never stored: only its SHA-256 hash,
 * replaced on every refresh.
 */
export interface RefreshSessionsTable {
  id: Generated<string>;
  user_id: string;
  /** Hex SHA-256 of the current refresh token. */
  token_hash: string;
  created_at: EpochMs;
  last_used_at: EpochMs;
  /** Sliding: every refresh sets it 30 days ahead. */
  expires_at: EpochMs;
  ip: string | null;
  user_agent: string | null;
}

/** Hashes of refresh tokens already rotated away; presenting one again revokes its session. */
export interface RefreshTokenRotationsTable {
  token_hash: string;
  session_id: string;
  rotated_at: EpochMs;
}

/** Signatures of captcha payloads already redeemed, kept until their challenge expires. */
export interface UsedCaptchasTable {
  signature: string;
  expires_at: EpochMs;
}

/** The guessing throttles' counts (migration 0009_account_guard, guessing-guard.ts). */
export interface AccountGuardTable {
  /**
   * One count (guard-keys.ts): `<who>/new-devices`, `<who>/address/<ip>`, `<who>/device/<id>` or
   * `user:<id>/session/<session id>`, `<who>` being `user:<id>` or `nickname:<lower case>` (a
   * nickname no account has).
   */
  subject: string;
  attempts: number;
  /** Epoch ms until which the count's scope is refused (the column keeps its first name). */
  locked_until: ColumnType<string | null, number | null, number | null>;
  last_attempt_at: EpochMs;
}

/** The tables of migrations 0002_accounts and 0009_account_guard. */
export interface AccountTables {
  account_guard: AccountGuardTable;
  users: UsersTable;
  password_updates: PasswordUpdatesTable;
  refresh_sessions: RefreshSessionsTable;
  refresh_token_rotations: RefreshTokenRotationsTable;
  used_captchas: UsedCaptchasTable;
}
