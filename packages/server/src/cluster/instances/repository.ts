import type { ClusterInstance } from '@balancer/core';
import { type Kysely, sql } from 'kysely';
import { DAY_MS, deleteBefore, type RetentionRule } from '../../db/retention.js';
import type { Database } from '../../db/types.js';

/** Instances not heard from for this long are not listed (six missed heartbeats), ms. */
export const RECENT_MS = 30_000;

/** An instance as its row says, with since when it leads (to tell the newest leader). */
export type SeenInstance = ClusterInstance & { leaderSince: number | null };

export interface InstanceBeat {
  name: string;
  startedAt: number;
  now: number;
  /** This instance's previous heartbeat (its start before the first), ms. */
  previous: number;
  leads: boolean;
  /** The check value of this instance's secrets (secrets-check.ts). */
  secretsCheck: string;
}

/**
 * Records one heartbeat of an instance: its last sight, and since when it leads (kept while it
 * goes on leading, cleared when it stops). Returns every instance seen in the last RECENT_MS, and
 * whether another process shares the name: the row held another start time, written after this
 * instance's previous heartbeat (a predecessor that crashed wrote before this one started).
 */
export async function beat(
  db: Kysely<Database>,
  at: InstanceBeat,
): Promise<{ seen: SeenInstance[]; nameShared: boolean }> {
  const before = await db
    .selectFrom('cluster_instance')
    .select(['started_at', 'last_seen'])
    .where('name', '=', at.name)
    .executeTakeFirst();
  const nameShared =
    before !== undefined &&
    Number(before.started_at) !== at.startedAt &&
    Number(before.last_seen) >= at.previous;
  await db
    .insertInto('cluster_instance')
    .values({
      name: at.name,
      started_at: at.startedAt,
      last_seen: at.now,
      leader_since: at.leads ? at.now : null,
      secrets_check: at.secretsCheck,
    })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({
        started_at: at.startedAt,
        last_seen: at.now,
        leader_since: at.leads ? sql<number>`coalesce(cluster_instance.leader_since, ${at.now})` : null,
        secrets_check: at.secretsCheck,
      }),
    )
    .execute();
  const rows = await db
    .selectFrom('cluster_instance')
    .selectAll()
    .where(sql`last_seen`, '>=', at.now - RECENT_MS)
    .orderBy('name')
    .execute();
  const seen = rows.map((row) => ({
    name: row.name,
    startedAt: Number(row.started_at),
    lastSeen: Number(row.last_seen),
    leads: row.leader_since !== null,
    leaderSince: row.leader_since === null ? null : Number(row.leader_since),
  }));
  return { seen, nameShared };
}

/** The instances other than `name` heard from since `since`, with their secrets' check values. */
export async function othersSeenSince(
  db: Kysely<Database>,
  name: string,
  since: number,
): Promise<Array<{ name: string; secretsCheck: string }>> {
  const rows = await db
    .selectFrom('cluster_instance')
    .select(['name', 'secrets_check'])
    .where('name', '<>', name)
    .where(sql`last_seen`, '>=', since)
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ name: row.name, secretsCheck: row.secrets_check }));
}

/** An instance that stops cleanly leaves the list at once. */
export async function forget(db: Kysely<Database>, name: string): Promise<void> {
  await db.deleteFrom('cluster_instance').where('name', '=', name).execute();
}

export const clusterInstanceRetention: RetentionRule = {
  table: 'cluster_instance',
  keeps: 'the instances heard from in the last day',
  apply: (db, now) => deleteBefore(db, 'cluster_instance', 'last_seen', now - DAY_MS),
};
