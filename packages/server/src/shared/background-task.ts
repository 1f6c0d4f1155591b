/**
 * Work the platform runs beside the API once the database is ready (monitor, notification
 * delivery, version checks, storage maintenance, the backup control socket): started after the
 * engine, stopped alongside it (platform/stop.ts's budget bounds the wait).
 */
export interface BackgroundTask {
  readonly name: string;
  start(): void | Promise<void>;
  /** Stops timers and waits for the work in flight. */
  stop(): Promise<void>;
}
