import { type Kysely, sql } from 'kysely';
import { deleteBefore, type RetentionRule } from '../db/retention.js';
import type { Database } from '../db/types.js';
import type { Platform } from '../platform/platform.js';
import type { BackgroundTask } from '../shared/background-task.js';
import type { LocalCount, RateCounters } from './rate-limit.js';
import { RATE_WINDOW_MS } from './route-spec.js';

/** How often each instance writes its changed counts and reads the others' (ms). */
export const RATE_SYNC_MS = 1_000;
/** Rows written per statement. */
const BATCH = 500;
/**
 * A pull reads what changed since the previous one began, less this margin (ms): a flush that was
 * still committing when the previous pull ran is read the next time.
 */
const PULL_MARGIN_MS = 2_000;

/** The database's clock, epoch ms: one clock for every instance's `updated_at`. */
const DB_NOW = sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Shares the rate limits' counters between instances on one PostgreSQL (table rate_limit_count).
 * The request path never waits for it: each route counts in memory (http/rate-limit.ts) and,
 * about every second, this task writes the counts that changed (this instance's absolute count of
 * the key in its window, so a lost or repeated flush is harmless) and reads the other instances'
 * counts written since the last read; a request is judged on its instance's count plus the
 * others' last read. Bounded lag: another instance's requests count here within about
 * RATE_SYNC_MS (one flush there, one pull here), so across N instances a client gets at most the
 * limit plus what the cluster lets through in that second before every instance refuses.
 *
 * On the embedded database there is only one instance: the task does nothing and the counters
 * keep no change list.
 */
export class RateLimitSync implements BackgroundTask {
  readonly name = 'rate-limit sync';
  private readonly routes = new Map<string, RateCounters>();
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  /** The database time the previous pull began, epoch ms; null before the first. */
  private pulledFrom: number | null = null;

  constructor(
    private readonly platform: Platform,
    /** This instance's name (ClusterBus.instance). */
    readonly instance: string,
    /** Wall time, epoch ms: the rate limits' clock. */
    private readonly now: () => number,
    private readonly windowMs: number = RATE_WINDOW_MS,
  ) {}

  /** Shares one route's counters; `route` names it the same on every instance. */
  register(route: string, counters: RateCounters): void {
    this.routes.set(route, counters);
  }

  /** Starts the flush on PostgreSQL (only there can other instances share the database). */
  start(): void {
    if (this.platform.database.kind !== 'postgresql') return;
    this.track();
    this.timer = setInterval(() => {
      this.inFlight ??= this.flush()
        .catch(() => {
          // The database is away: the counts are kept and written at the next flush that works.
        })
        .finally(() => {
          this.inFlight = undefined;
        });
    }, RATE_SYNC_MS);
    this.timer.unref();
  }

  /** Starts keeping each route's changed counts for `flush` (start() does on PostgreSQL). */
  track(): void {
    for (const counters of this.routes.values()) counters.track();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.inFlight;
  }

  /** Writes this instance's changed counts, then reads the others' (what the timer runs; tests call it). */
  async flush(): Promise<void> {
    const db = this.platform.database.db;
    const rows: Array<{ route: string } & LocalCount> = [];
    for (const [route, counters] of this.routes) {
      for (const count of counters.takeChanged()) rows.push({ route, ...count });
    }
    try {
      for (let start = 0; start < rows.length; start += BATCH)
        await this.write(db, rows.slice(start, start + BATCH));
    } catch (error) {
      // Not written: counted again at the next flush.
      for (const row of rows) this.routes.get(row.route)?.markChanged(row.key);
      throw error;
    }
    await this.pull(db);
  }

  private async write(db: Kysely<Database>, rows: Array<{ route: string } & LocalCount>): Promise<void> {
    await db
      .insertInto('rate_limit_count')
      .values(
        rows.map((row) => ({
          route: row.route,
          ip: row.key,
          instance: this.instance,
          since: row.since,
          count: row.count,
          updated_at: DB_NOW as never,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['route', 'ip', 'instance']).doUpdateSet((eb) => ({
          since: eb.ref('excluded.since'),
          count: eb.ref('excluded.count'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  /** Reads the other instances' counts written since the previous pull (all live ones the first time). */
  private async pull(db: Kysely<Database>): Promise<void> {
    const now = this.now();
    const started = await sql<{ now: string }>`select ${DB_NOW} as now`.execute(db);
    const dbNow = Number(started.rows[0]?.now);
    const from = this.pulledFrom === null ? dbNow - this.windowMs : this.pulledFrom - PULL_MARGIN_MS;
    const rows = await db
      .selectFrom('rate_limit_count')
      .select(['route', 'ip', 'instance', 'since', 'count'])
      .where('instance', '<>', this.instance)
      .where('updated_at', '>=', String(from))
      .where('since', '>', String(now - this.windowMs))
      .execute();
    for (const row of rows) {
      this.routes
        .get(row.route)
        ?.setRemote(row.ip, row.instance, row.count, Number(row.since) + this.windowMs);
    }
    this.pulledFrom = dbNow;
  }
}

/** Rows whose window has ended count for nobody: deleted hourly (docs/retention.md). */
export const rateLimitRetention: RetentionRule = {
  table: 'rate_limit_count',
  keeps: 'counts whose rate-limit window (15 minutes) has not ended',
  apply: (db, now) => deleteBefore(db, 'rate_limit_count', 'since', now - RATE_WINDOW_MS),
};
