import { CodedError, type NotificationRecord } from '@balancer/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import { countAboveReadMarks } from '../../db/unread.js';

/** One notification as the API returns it (the shape lives in core). */
export type { NotificationRecord };

const COLUMNS = ['id', 'sender', 'title', 'description', 'event_time'] as const;

function toRecord(row: {
  id: string;
  sender: string;
  title: string;
  description: string;
  event_time: string;
}): NotificationRecord {
  return { ...row, id: Number(row.id), event_time: Number(row.event_time) };
}

/** Where a new notification is queued: named channels, and every push subscription when `push`. */
export interface QueuePlan {
  /** Epoch ms, the rows' updated_at. */
  at: number;
  channels: readonly ('telegram' | 'email' | 'webhook')[];
  push: boolean;
}

/**
 * Stores a notification; with a plan also its pending deliveries (one per channel, one per
 * subscribed device for push), in the same statement, so a stored notification is never left
 * without its queue rows or the reverse.
 */
export async function insertNotification(
  db: Kysely<Database>,
  values: Omit<NotificationRecord, 'id'>,
  plan?: QueuePlan,
): Promise<NotificationRecord> {
  if (!plan || (plan.channels.length === 0 && !plan.push)) {
    return toRecord(
      await db.insertInto('notification').values(values).returning(COLUMNS).executeTakeFirstOrThrow(),
    );
  }
  const named = plan.channels.map(
    (channel) => sql`select id, ${channel}::text, ${plan.at}::bigint from stored`,
  );
  const pushed = plan.push
    ? [sql`select stored.id, 'push:' || s.id, ${plan.at}::bigint from stored cross join push_subscription s`]
    : [];
  const result = await sql<Parameters<typeof toRecord>[0]>`
    with stored as (
      insert into notification (sender, title, description, event_time)
      values (${values.sender}, ${values.title}, ${values.description}, ${values.event_time})
      returning id, sender, title, description, event_time
    ), queued as (
      insert into notification_delivery (notification_id, channel, updated_at)
      ${sql.join([...named, ...pushed], sql` union all `)}
    )
    select * from stored`.execute(db);
  const row = result.rows[0];
  if (!row) throw new CodedError('NOTIFICATION_NOT_STORED', 'the insert returned no row');
  return toRecord(row);
}

/** Newest first, ids below the exclusive cursor `startAtID`. */
export async function listNotifications(
  db: Kysely<Database>,
  page: { limit: number; startAtID?: number | undefined },
): Promise<NotificationRecord[]> {
  let query = db.selectFrom('notification').select(COLUMNS).orderBy('id', 'desc').limit(page.limit);
  if (page.startAtID !== undefined) query = query.where('id', '<', String(page.startAtID));
  return (await query.execute()).map(toRecord);
}

/**
 * Moves the user's read mark to the newest notification, in one statement so that one added
 * meanwhile is either counted as read or still unread, never lost between two reads.
 */
export async function markAllRead(db: Kysely<Database>, userId: string): Promise<void> {
  await sql`
    insert into notification_read_mark (user_id, last_read_id)
    select ${userId}, coalesce(max(id), 0) from notification
    on conflict (user_id) do update
    set last_read_id = greatest(notification_read_mark.last_read_id, excluded.last_read_id)`.execute(db);
}

/**
 * The notifications added since each user last marked them read, for several users in one query
 * (the stream reads every connected user's count each tick): db/unread.ts.
 */
export function countUnreadByUser(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  return countAboveReadMarks(db, 'notification', 'notification_read_mark', userIds);
}

/** How many notifications have an id above the user's read mark (all of them without a mark). */
export async function countUnread(db: Kysely<Database>, userId: string): Promise<number> {
  return (await countUnreadByUser(db, [userId])).get(userId) ?? 0;
}
