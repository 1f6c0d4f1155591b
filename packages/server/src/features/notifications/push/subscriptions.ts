import type { PushSubscriptionInput } from '@balancer/core';
import { type Kysely, sql } from 'kysely';
import type { RetentionRule } from '../../../db/retention.js';
import type { Database } from '../../../db/types.js';

/** A stored subscription: where and with which keys to push (RFC 8291). */
export interface StoredSubscription {
  id: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Stores (or replaces) the subscription of a signed-in session: one per device. */
export async function saveSubscription(
  db: Kysely<Database>,
  owner: { userId: string; sessionId: string },
  input: PushSubscriptionInput,
  now: number,
): Promise<void> {
  await db
    .insertInto('push_subscription')
    .values({
      user_id: owner.userId,
      session_id: owner.sessionId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.column('session_id').doUpdateSet({
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        created_at: now,
      }),
    )
    .execute();
}

/** Whether the session has a subscription. */
export async function hasSubscription(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscription')
    .select('id')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Removes a subscription (by its session, or by id when the push service answered 404/410) and
 * its pending deliveries.
 */
export async function removeSubscription(
  db: Kysely<Database>,
  by: { sessionId: string } | { id: number },
): Promise<void> {
  const query = db.deleteFrom('push_subscription');
  const removed = await ('id' in by
    ? query.where('id', '=', String(by.id))
    : query.where('session_id', '=', by.sessionId)
  )
    .returning('id')
    .execute();
  for (const row of removed)
    await db
      .deleteFrom('notification_delivery')
      .where('channel', '=', `push:${row.id}`)
      .where('state', '=', 'pending')
      .execute();
}

export async function subscriptionById(
  db: Kysely<Database>,
  id: number,
): Promise<StoredSubscription | undefined> {
  const row = await db
    .selectFrom('push_subscription')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', String(id))
    .executeTakeFirst();
  return row && { id: Number(row.id), endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } };
}

export async function countSubscriptions(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('push_subscription')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * One subscription per signed-in session, gone with it (foreign key); this rule also drops the
 * subscriptions of sessions past their expiry that the sessions' own pruning has not reached yet.
 */
export const pushSubscriptionRetention: RetentionRule = {
  table: 'push_subscription',
  keeps: 'one per live signed-in session',
  async apply(db, now) {
    const result = await sql`
      delete from push_subscription where session_id in
        (select id from refresh_sessions where expires_at < ${now})`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },
};
