import pg from 'pg';
import { systemTime } from '../shared/clock.js';

/**
 * The advisory-lock key of the trading engine: one engine per database (issue 5). The value is
 * arbitrary but fixed ('BALE' in ASCII); every Balancer instance on the database uses it.
 */
export const ENGINE_LOCK_KEY = 0x42414c45;

/**
 * The failover timings (docs/failover.md gives the argument). A heartbeat that succeeded renews
 * the lease for `leaseMs` from the moment it was SENT; PostgreSQL ends a session that sent nothing
 * for `serverIdleMs` (idle_session_timeout), which releases the lock. Because the server's idle
 * time starts no earlier than that send, the lease always ends `serverIdleMs - leaseMs` before
 * the server can hand the lock to anyone else.
 */
export interface LockTimings {
  /** Pause between two heartbeats on the lock's connection, ms. */
  heartbeatMs: number;
  /** How long a successful heartbeat (or acquisition) lets this instance trade, from its send, ms. */
  leaseMs: number;
  /** PostgreSQL's idle_session_timeout on the lock's session, ms (> leaseMs). */
  serverIdleMs: number;
  /** Connecting to PostgreSQL, ms. */
  connectMs: number;
}

/** A query with pg's client-side read timeout (`query_timeout`, which @types/pg does not name). */
function timed(text: string, ms: number, values?: unknown[]): pg.QueryConfig {
  return { text, values, query_timeout: ms } as pg.QueryConfig;
}

export const LOCK_TIMINGS: LockTimings = {
  heartbeatMs: 1_000,
  leaseMs: 3_000,
  serverIdleMs: 5_000,
  connectMs: 3_000,
};

/**
 * One engine per PostgreSQL database, by a session-level advisory lock on a dedicated connection
 * (a pooled connection would hand the lock to whichever query borrows it next). The lock lives as
 * long as the session. While held, a heartbeat every second renews a lease; `holds()` answers
 * synchronously whether the lease still runs, so the engine checks it right before placing an
 * order. A heartbeat that fails or does not answer in time drops the connection (PostgreSQL then
 * releases the lock) and reports the loss; a leader cut off without noticing is released by the
 * server only after `serverIdleMs`, when its lease has long ended (docs/failover.md).
 */
export class PostgresEngineLock {
  private client: pg.Client | null = null;
  private held = false;
  /** Until when (wall ms) this instance may trade: the last good heartbeat's send + leaseMs. */
  private leaseEnd = 0;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly onLost: (error: Error) => void = () => {},
    private readonly now: () => number = systemTime,
    private readonly timings: LockTimings = LOCK_TIMINGS,
  ) {
    if (timings.serverIdleMs <= timings.leaseMs || timings.heartbeatMs >= timings.leaseMs)
      throw new Error('engine lock timings: need heartbeatMs < leaseMs < serverIdleMs');
  }

  /** True while the lease of the last good heartbeat runs: this instance may place an order now. */
  holds(): boolean {
    return this.held && this.now() < this.leaseEnd;
  }

  async tryAcquire(): Promise<boolean> {
    if (this.held) {
      if (this.holds()) return true;
      this.drop(new Error('the engine lock lease ran out before a heartbeat renewed it'));
      return false;
    }
    try {
      const client = await this.connection();
      const sent = this.now();
      const result = await client.query<{ locked: boolean }>(
        timed('SELECT pg_try_advisory_lock($1) AS locked', this.queryTimeoutMs(), [ENGINE_LOCK_KEY]),
      );
      if (result.rows[0]?.locked !== true || this.client !== client) return false;
      this.held = true;
      this.leaseEnd = sent + this.timings.leaseMs;
      this.scheduleHeartbeat(client);
      return true;
    } catch (error) {
      this.drop(error as Error);
      return false;
    }
  }

  async release(): Promise<void> {
    const client = this.client;
    this.stopHeartbeat();
    this.client = null;
    this.held = false;
    if (client === null) return;
    // Ending the session releases the lock too; unlocking first makes it explicit. A connection
    // that does not answer is destroyed rather than waited for.
    try {
      await client.query(timed('SELECT pg_advisory_unlock($1)', this.queryTimeoutMs(), [ENGINE_LOCK_KEY]));
      await client.end();
    } catch {
      client.connection.stream.destroy();
    }
  }

  /** A query that has not answered when the lease would end is a lost connection. */
  private queryTimeoutMs(): number {
    return this.timings.leaseMs - this.timings.heartbeatMs;
  }

  private scheduleHeartbeat(client: pg.Client): void {
    this.stopHeartbeat();
    this.heartbeat = setTimeout(() => void this.beat(client), this.timings.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) clearTimeout(this.heartbeat);
    this.heartbeat = null;
  }

  private async beat(client: pg.Client): Promise<void> {
    if (this.client !== client || !this.held) return;
    const sent = this.now();
    try {
      await client.query(timed('SELECT 1', this.queryTimeoutMs()));
    } catch (error) {
      if (this.client === client) this.drop(error as Error);
      return;
    }
    if (this.client !== client || !this.held) return;
    this.leaseEnd = sent + this.timings.leaseMs;
    this.scheduleHeartbeat(client);
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: this.timings.connectMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: this.timings.heartbeatMs,
    });
    client.on('error', (error) => {
      if (this.client === client) this.drop(error);
    });
    await client.connect();
    try {
      // Set before the lock is ever taken: a session that goes silent (a leader cut off from the
      // network, or frozen) is ended by the server, which releases the lock (docs/failover.md).
      await client.query(
        timed(`SET idle_session_timeout = ${Math.round(this.timings.serverIdleMs)}`, this.timings.connectMs),
      );
    } catch (error) {
      client.connection.stream.destroy();
      throw error;
    }
    this.client = client;
    return client;
  }

  private drop(error: Error): void {
    const wasHeld = this.held;
    const client = this.client;
    this.stopHeartbeat();
    this.client = null;
    this.held = false;
    // Destroyed, not ended: on a cut network a polite end would wait for an answer that never comes.
    client?.connection.stream.destroy();
    if (wasHeld) this.onLost(error);
  }
}

/**
 * The embedded database is one process's alone (data-dir-lock.ts refuses a second process), so
 * its lock only has to keep two engines of one process apart: a process-wide set of held names.
 */
const heldInProcess = new Set<string>();

export class InProcessEngineLock {
  private held = false;

  constructor(private readonly name: string) {}

  holds(): boolean {
    return this.held;
  }

  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    if (heldInProcess.has(this.name)) return false;
    heldInProcess.add(this.name);
    this.held = true;
    return true;
  }

  async release(): Promise<void> {
    if (this.held) heldInProcess.delete(this.name);
    this.held = false;
  }
}
