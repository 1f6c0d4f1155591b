import { sql } from 'kysely';
import { deleteBefore, type RetentionRule } from '../../db/retention.js';
import { FORGET_AFTER_MS } from './guessing-policy.js';
import { SESSION_TTL_MS } from './sessions-repository.js';

/** Password updates kept per user, newest first (the history root reads). */
export const PASSWORD_UPDATES_PER_USER = 100;

/**
 * The accounts feature's growing tables. Sessions and captchas already expire; these rules remove
 * what expired even when nobody signs in or solves a captcha again (the repositories prune only
 * on those paths).
 */
export const accountRetention: RetentionRule[] = [
  {
    table: 'refresh_sessions',
    keeps: 'sessions not expired (their rotated token hashes go with them)',
    apply: (db, now) => deleteBefore(db, 'refresh_sessions', 'expires_at', now + 1),
  },
  {
    table: 'refresh_token_rotations',
    keeps: 'hashes rotated within the session lifetime (30 days)',
    apply: (db, now) => deleteBefore(db, 'refresh_token_rotations', 'rotated_at', now - SESSION_TTL_MS),
  },
  {
    table: 'used_captchas',
    keeps: 'signatures until their challenge expires',
    apply: (db, now) => deleteBefore(db, 'used_captchas', 'expires_at', now + 1),
  },
  {
    table: 'account_guard',
    keeps:
      'guessing counts (new devices, addresses, known devices, sessions) touched within a day, and every throttle not yet over',
    async apply(db, now) {
      const result = await db
        .deleteFrom('account_guard')
        .where('last_attempt_at', '<', String(now - FORGET_AFTER_MS))
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', String(now))]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  },
  {
    table: 'password_updates',
    keeps: `the newest ${PASSWORD_UPDATES_PER_USER} per user`,
    async apply(db) {
      const result = await sql`
        delete from password_updates where id in (
          select id from (
            select id, row_number() over (partition by user_id order by event_time desc, id desc) as n
            from password_updates
          ) ranked where n > ${PASSWORD_UPDATES_PER_USER})`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  },
];
