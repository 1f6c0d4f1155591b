import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { NotificationRecord } from './repository.js';

/**
 * Which rows one channel's worker owns: `telegram`, `email` and `webhook` by name; `push` every
 * `push:<subscription id>` row (one per subscribed device).
 */
export type ChannelKey = 'telegram' | 'email' | 'webhook' | 'push';

/** The condition "this row is the channel's" on `column`. */
function ofChannel(channel: ChannelKey, column: string) {
  return channel === 'push'
    ? sql<boolean>`${sql.ref(column)} like 'push:%'`
    : sql<boolean>`${sql.ref(column)} = ${channel}`;
}

/** The next pending delivery of a channel, with its notification. */
export interface PendingDelivery {
  record: NotificationRecord;
  /** The row's channel value ('push:<id>' names the subscription). */
  target: string;
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

/**
 * The channel's next pending row: the oldest id (`ordered`: the head waits out its retries and
 * the order never changes), or the soonest due (push: one device's retries never hold up another's).
 */
export async function nextPending(
  db: Kysely<Database>,
  channel: ChannelKey = 'telegram',
  ordered = true,
): Promise<PendingDelivery | undefined> {
  let query = db
    .selectFrom('notification_delivery as d')
    .innerJoin('notification as n', 'n.id', 'd.notification_id')
    .select(['n.id', 'n.sender', 'n.title', 'n.description', 'n.event_time'])
    .select(['d.channel', 'd.attempts', 'd.failures', 'd.next_attempt_at'])
    .where('d.state', '=', 'pending')
    .where(ofChannel(channel, 'd.channel'));
  if (!ordered) query = query.orderBy('d.next_attempt_at');
  const row = await query.orderBy('d.notification_id').orderBy('d.channel').limit(1).executeTakeFirst();
  if (!row) return undefined;
  return {
    target: row.channel,
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

/** When the channel's last request was made (so a restart keeps its spacing), or null. */
export async function lastAttemptAt(
  db: Kysely<Database>,
  channel: ChannelKey = 'telegram',
): Promise<number | null> {
  const row = await db
    .selectFrom('notification_delivery')
    .select((eb) => eb.fn.max('updated_at').as('last'))
    .where('attempts', '>', 0)
    .where(ofChannel(channel, 'channel'))
    .executeTakeFirst();
  return row?.last == null ? null : Number(row.last);
}

/** The result of one attempt: state, counters and the error in one update. */
export async function recordAttempt(
  db: Kysely<Database>,
  id: number,
  target: string,
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
    .where('channel', '=', target)
    .execute();
}

/** One channel's counts and its newest success and error. */
export interface ChannelCounts extends DeliveryCounts {
  lastErrorAt: number | null;
}

/** Counts per channel (push: all devices together), for GET /notification/delivery. */
export async function channelCounts(db: Kysely<Database>): Promise<Map<ChannelKey, ChannelCounts>> {
  const result = await sql<{
    channel: ChannelKey;
    pending: string;
    sent: string;
    failed: string;
    last_sent_at: string | null;
    last_error_at: string | null;
    last_error: string | null;
  }>`
    with rows as (
      select case when channel like 'push:%' then 'push' else channel end as channel,
        state, updated_at, last_error, notification_id
      from notification_delivery
    )
    select channel,
      count(*) filter (where state = 'pending') as pending,
      count(*) filter (where state = 'sent') as sent,
      count(*) filter (where state = 'failed') as failed,
      max(updated_at) filter (where state = 'sent') as last_sent_at,
      max(updated_at) filter (where last_error is not null) as last_error_at,
      (select r.last_error from rows r where r.channel = rows.channel and r.last_error is not null
        order by r.updated_at desc, r.notification_id desc limit 1) as last_error
    from rows group by channel`.execute(db);
  const counts = new Map<ChannelKey, ChannelCounts>();
  for (const row of result.rows) {
    counts.set(row.channel, {
      pending: Number(row.pending),
      sent: Number(row.sent),
      failed: Number(row.failed),
      lastSentAt: row.last_sent_at == null ? null : Number(row.last_sent_at),
      lastError: row.last_error,
      lastErrorAt: row.last_error_at == null ? null : Number(row.last_error_at),
    });
  }
  return counts;
}

/** The states of one notification's deliveries by channel value (the test notification's report). */
export async function deliveriesOf(
  db: Kysely<Database>,
  id: number,
): Promise<{ channel: string; state: string; lastError: string | null }[]> {
  const rows = await db
    .selectFrom('notification_delivery')
    .select(['channel', 'state', 'last_error'])
    .where('notification_id', '=', String(id))
    .execute();
  return rows.map((row) => ({ channel: row.channel, state: row.state, lastError: row.last_error }));
}
