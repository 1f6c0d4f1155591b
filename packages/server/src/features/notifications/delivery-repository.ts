import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { NotificationRecord } from './repository.js';

/** The oldest pending delivery, with its notification. */
export interface PendingDelivery {
  record: NotificationRecord;
  attempts: number;
  failures: number;
  /** Epoch ms; 0 = as soon as the rate limit allows. */
  nextAttemptAt: number;
}

/** Counts and the latest trouble, for GET /notification/delivery. */
export interface DeliveryCounts {
  pending: number;
  sent: number;
  failed: number;
  /** The newest unresolved error (pending retry or failed), secret-free. */
  lastError: string | null;
  /** When the newest message was accepted by Telegram (epoch ms). */
  lastSentAt: number | null;
}

export async function nextPending(db: Kysely<Database>): Promise<PendingDelivery | undefined> {
  const row = await db
    .selectFrom('notification_delivery as d')
    .innerJoin('notification as n', 'n.id', 'd.notification_id')
    .select(['n.id', 'n.sender', 'n.title', 'n.description', 'n.event_time'])
    .select(['d.attempts', 'd.failures', 'd.next_attempt_at'])
    .where('d.state', '=', 'pending')
    .orderBy('d.notification_id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    record: {
      id: Number(row.id),
      sender: row.sender,
      title: row.title,
      description: row.description,
      event_time: Number(row.event_time),
    },
    attempts: row.attempts,
    failures: row.failures,
    nextAttemptAt: Number(row.next_attempt_at),
  };
}

/** When the last request to Telegram was made (so a restart keeps the 10 s spacing), or null. */
export async function lastAttemptAt(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('notification_delivery')
    .select((eb) => eb.fn.max('updated_at').as('last'))
    .where('attempts', '>', 0)
    .executeTakeFirst();
  return row?.last == null ? null : Number(row.last);
}

/** The result of one attempt: state, counters and the error in one update. */
export async function recordAttempt(
  db: Kysely<Database>,
  id: number,
  change: {
    state: 'pending' | 'sent' | 'failed';
    failures: number;
    nextAttemptAt: number;
    error: string | null;
    now: number;
  },
): Promise<void> {
  await db
    .updateTable('notification_delivery')
    .set((eb) => ({
      state: change.state,
      attempts: eb('attempts', '+', 1),
      failures: change.failures,
      next_attempt_at: change.nextAttemptAt,
      last_error: change.error,
      updated_at: change.now,
    }))
    .where('notification_id', '=', String(id))
    .execute();
}

export async function deliveryCounts(db: Kysely<Database>): Promise<DeliveryCounts> {
  const row = await sql<{
    pending: string;
    sent: string;
    failed: string;
    last_sent_at: string | null;
    last_error: string | null;
  }>`
    select
      count(*) filter (where state = 'pending') as pending,
      count(*) filter (where state = 'sent') as sent,
      count(*) filter (where state = 'failed') as failed,
      max(updated_at) filter (where state = 'sent') as last_sent_at,
      (select last_error from notification_delivery where last_error is not null
        order by updated_at desc, notification_id desc limit 1) as last_error
    from notification_delivery`.execute(db);
  const counts = row.rows[0];
  return {
    pending: Number(counts?.pending ?? 0),
    sent: Number(counts?.sent ?? 0),
    failed: Number(counts?.failed ?? 0),
    lastError: counts?.last_error ?? null,
    lastSentAt: counts?.last_sent_at == null ? null : Number(counts.last_sent_at),
  };
}
