import type { Config } from '../config/schema.js';
import { type DatabaseHandle, openDatabase } from '../db/connect.js';
import type { Logger } from '../logging/logger.js';

/**
 * The database open, started as soon as the configuration is known: it runs while the rest of the
 * platform loads its modules and builds the app (main.ts imports platform/start.ts only after
 * starting it), so a warm start costs about the longer of the two instead of their sum. The
 * platform listens before awaiting it: requests meanwhile get 6002.
 */
export class EarlyDatabase {
  /** Settles once; a failure is reported where it is awaited (start.ts), never as unhandled. */
  readonly opening: Promise<DatabaseHandle>;
  private logger: Logger | null = null;

  constructor(config: Pick<Config, 'DATABASE_URL' | 'BALANCER_DATA_DIR'>) {
    this.opening = openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.BALANCER_DATA_DIR,
      onPoolError: (error) => this.poolError(error),
    });
    this.opening.catch(() => {});
  }

  /** Pool errors go to the platform's logger once it exists (start.ts creates it after the open began). */
  attach(logger: Logger): void {
    this.logger = logger;
  }

  /**
   * For a start that fails before the handle is in use (TLS, listen): closes it once opened, so
   * the data folder's lock is released. A failed open has nothing to close.
   */
  async abandon(): Promise<void> {
    const handle = await this.opening.catch(() => null);
    await handle?.close().catch(() => {});
  }

  private poolError(error: Error): void {
    // pg's message carries no credentials (the URL is never part of it).
    if (this.logger) this.logger.error({ err: error }, 'database connection lost');
    else process.stderr.write(`database connection lost: ${error.message}\n`);
  }
}
