import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sql } from 'kysely';
import { HOUR_MS, type RetentionRule } from '../../db/retention.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import { systemTime } from '../../shared/clock.js';
import type { ClusterLease } from '../../shared/cluster-lease.js';

/** How often the retention rules (and, on PGlite, vacuum) run, ms. */
export const MAINTENANCE_EVERY_MS = HOUR_MS;
/** The first run after start, ms: soon, but not in the busy first seconds. */
export const FIRST_MAINTENANCE_AFTER_MS = 60_000;

/** What one run did. */
export interface MaintenanceReport {
  /** Rows each rule deleted, by table (a rule that failed is absent and logged). */
  deleted: Record<string, number>;
  /** Tables vacuumed (PGlite only; PostgreSQL's autovacuum does it there). */
  vacuumed: string[];
  /**
   * The longest single statement of the run, ms. PGlite is one connection (on its own thread): other
   * queries wait this long for it.
   */
  longestStepMs: number;
  totalMs: number;
}

export interface MaintenanceOptions {
  platform: Platform;
  rules: readonly RetentionRule[];
  logger: Logger;
  /** Wall time, epoch ms. */
  now?: () => number;
  everyMs?: number;
  firstAfterMs?: number;
  /**
   * Several instances on one database: the timed runs happen only on the holder of this lease
   * (taken or renewed at each run, for longer than the interval), so two instances never merge
   * the same rows at once. None: every timed run runs.
   */
  lease?: ClusterLease;
}

/**
 * Keeps the database bounded (docs/retention.md): every hour it applies each feature's retention
 * rule, then, on the embedded PGlite only, VACUUMs each table and runs a CHECKPOINT. PGlite runs
 * PostgreSQL in single-user mode: no autovacuum (a row rewritten leaves its dead copy until
 * someone vacuums) and no checkpointer (WAL segments pile up until a checkpoint lets them be
 * recycled). Each table is vacuumed on its own statement, yielding in between: PGlite runs on its
 * own thread (db/embedded/) but is one connection, so the requests and ticks queued behind a
 * VACUUM get their turn after each table rather than after the whole run.
 */
export class StorageMaintenance implements BackgroundTask {
  readonly name = 'storage-maintenance';
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<MaintenanceReport> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: MaintenanceOptions) {
    this.now = options.now ?? systemTime;
  }

  start(): void {
    if (this.timer) return;
    const every = this.options.everyMs ?? MAINTENANCE_EVERY_MS;
    const tick = (next: number) => {
      this.timer = setTimeout(() => {
        this.runIfHolder().catch((error: unknown) =>
          this.options.logger.warn({ err: error }, 'storage maintenance failed'),
        );
        tick(every);
      }, next);
      // Maintenance never keeps the process alive on its own.
      this.timer.unref();
    };
    tick(this.options.firstAfterMs ?? FIRST_MAINTENANCE_AFTER_MS);
  }

  /** Stops the timer, waits for a run in flight and gives the lease up (another instance runs next). */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight?.catch(() => {});
    await this.options.lease?.release().catch(() => {});
  }

  /** A timed run: on the lease's holder only (another instance runs them while it holds it). */
  async runIfHolder(): Promise<MaintenanceReport | null> {
    const { lease } = this.options;
    if (lease && !(await lease.acquire(this.now()))) return null;
    return this.run();
  }

  /** One run now; a run already in flight is joined, not doubled. */
  run(): Promise<MaintenanceReport> {
    this.inFlight ??= this.maintain().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async maintain(): Promise<MaintenanceReport> {
    const { platform, rules, logger } = this.options;
    const started = performance.now();
    let longest = 0;
    const timed = async <T>(step: () => Promise<T>): Promise<T> => {
      const at = performance.now();
      try {
        return await step();
      } finally {
        longest = Math.max(longest, performance.now() - at);
        await yieldToLoop();
      }
    };
    const deleted: Record<string, number> = {};
    const now = this.now();
    for (const rule of rules) {
      try {
        deleted[rule.table] = await timed(() => rule.apply(platform.database.db, now));
      } catch (error) {
        logger.error({ err: error, table: rule.table }, 'retention rule failed');
      }
    }
    const vacuumed: string[] = [];
    if (platform.database.kind === 'pglite') {
      for (const table of await timed(() => appTables(platform))) {
        await timed(() => sql`vacuum (analyze) ${sql.table(table)}`.execute(platform.database.db));
        vacuumed.push(table);
      }
      await timed(() => sql`checkpoint`.execute(platform.database.db));
    }
    const report = {
      deleted,
      vacuumed,
      longestStepMs: Math.round(longest),
      totalMs: Math.round(performance.now() - started),
    };
    const removed = Object.values(deleted).reduce((sum, rows) => sum + rows, 0);
    logger.info(
      {
        deleted: removed,
        vacuumed: vacuumed.length,
        longestStepMs: report.longestStepMs,
        totalMs: report.totalMs,
      },
      'storage maintenance done',
    );
    return report;
  }
}

/** The tables of the current schema. */
async function appTables(platform: Platform): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' order by c.relname`.execute(platform.database.db);
  return result.rows.map((row) => row.name);
}
