import { type Kysely, sql } from 'kysely';
import { DAY_MS, type RetentionRule } from '../../db/retention.js';
import type { Database } from '../../db/types.js';

/**
 * Notifications younger than 90 days, at most the newest 10,000 (their Telegram delivery rows go
 * with them: foreign key on delete cascade); Telegram delivery rows once sent or failed for
 * 7 days (the delivery counts then cover the last week); read marks of existing users only.
 */
export const NOTIFICATION_LIMITS = {
  maxAgeMs: 90 * DAY_MS,
  maxRows: 10_000,
  deliveryAgeMs: 7 * DAY_MS,
} as const;

async function pruneNotifications(db: Kysely<Database>, now: number): Promise<number> {
  const { maxAgeMs, maxRows } = NOTIFICATION_LIMITS;
  const result = await sql`
    delete from notification where event_time < ${now - maxAgeMs}
      or id < (select id from notification order by id desc offset ${maxRows - 1} limit 1)`.execute(db);
  const marks = await db
    .deleteFrom('notification_read_mark')
    .where('user_id', 'not in', db.selectFrom('users').select('id'))
    .executeTakeFirst();
  return Number(result.numAffectedRows ?? 0) + Number(marks.numDeletedRows);
}

export const notificationRetention: RetentionRule = {
  table: 'notification',
  keeps: '90 days and at most 10,000 rows (with their delivery rows); read marks of existing users',
  apply: pruneNotifications,
};

export const deliveryRetention: RetentionRule = {
  table: 'notification_delivery',
  keeps: 'pending rows (every channel); sent or failed ones for 7 days',
  async apply(db, now) {
    const result = await db
      .deleteFrom('notification_delivery')
      .where('state', 'in', ['sent', 'failed'])
      .where('updated_at', '<', String(now - NOTIFICATION_LIMITS.deliveryAgeMs))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
