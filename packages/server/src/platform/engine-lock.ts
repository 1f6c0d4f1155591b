import pg from 'pg';

/**
 * The advisory-lock key of the trading engine: one engine per database (issue 5). The value is
 * arbitrary but fixed ('BALE' in ASCII); every Balancer instance on the database uses it.
 */
export const ENGINE_LOCK_KEY = 0x42414c45;

/**
 * One engine per PostgreSQL database, by a session-level advisory lock on a dedicated connection
 * (a pooled connection would hand the lock to whichever query borrows it next). The lock lives as
 * long as the connection: if the connection drops, PostgreSQL releases it and this instance stops
 * claiming it, so a standby instance can take over. `tryAcquire` is cheap to call before every
 * order: while held it re-checks the connection with a trivial query.
 */
export class PostgresEngineLock {
  private client: pg.Client | null = null;
  private held = false;

  constructor(
    private readonly connectionString: string,
    private readonly onLost: (error: Error) => void = () => {},
  ) {}

  async tryAcquire(): Promise<boolean> {
    try {
      const client = await this.connection();
      if (this.held) {
        await client.query('SELECT 1');
        return true;
      }
      const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        ENGINE_LOCK_KEY,
      ]);
      this.held = result.rows[0]?.locked === true;
      return this.held;
    } catch (error) {
      this.drop(error as Error);
      return false;
    }
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.held = false;
    // Ending the session releases the lock too; unlocking first makes it explicit.
    await client?.query('SELECT pg_advisory_unlock($1)', [ENGINE_LOCK_KEY]).catch(() => {});
    await client?.end().catch(() => {});
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: 10_000,
    });
    client.on('error', (error) => this.drop(error));
    await client.connect();
    this.client = client;
    return client;
  }

  private drop(error: Error): void {
    const wasHeld = this.held;
    const client = this.client;
    this.client = null;
    this.held = false;
    void client?.end().catch(() => {});
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
