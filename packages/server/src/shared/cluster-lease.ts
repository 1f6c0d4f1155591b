import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/**
 * A named lease in the database (table cluster_lease): at most one instance holds it until its
 * expiry, so work that must not run twice at once (the Telegram queue) runs on one instance of
 * several sharing one PostgreSQL, and moves to another within `ttlMs` when its holder dies.
 *
 * Times are the instances' wall clocks (epoch ms), which must agree within a small part of
 * `ttlMs` (NTP keeps them within milliseconds). A holder that renews right before each piece of
 * work and bounds that work well under `ttlMs` never overlaps the next holder. On one instance the
 * lease is always free or its own.
 */
export class ClusterLease {
  constructor(
    private readonly db: () => Kysely<Database>,
    readonly name: string,
    /** This instance's name (ClusterBus.instance). */
    readonly holder: string,
    readonly ttlMs: number,
  ) {}

  /** Takes the lease, or renews it when already held, until `now + ttlMs`; false when another instance holds it. */
  async acquire(now: number): Promise<boolean> {
    const expiresAt = now + this.ttlMs;
    const row = await this.db()
      .insertInto('cluster_lease')
      .values({ name: this.name, holder: this.holder, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder: this.holder, expires_at: expiresAt })
          .where((eb) =>
            eb.or([
              eb('cluster_lease.holder', '=', this.holder),
              eb('cluster_lease.expires_at', '<=', String(now)),
            ]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives the lease up if this instance holds it, so another may take it at once. */
  async release(): Promise<void> {
    await this.db()
      .deleteFrom('cluster_lease')
      .where('name', '=', this.name)
      .where('holder', '=', this.holder)
      .execute();
  }
}
