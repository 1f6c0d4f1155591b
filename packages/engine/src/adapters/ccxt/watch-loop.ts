/** How long a streamed value counts as current without a new message, ms. */
export const STREAM_STALE_MS = 60_000;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Runs one ccxt `watch…` call over and over in the background, keeping the latest value. A
 * failure (connection lost, exchange error) marks the loop down until the next success and
 * retries after 1 s, doubling up to 30 s; ccxt reconnects on the next call. `current()` is the
 * latest value while the loop is up and the value is younger than STREAM_STALE_MS, otherwise
 * undefined (the adapter then uses REST). `stop()` ends it; a pending watch is abandoned (the
 * caller closes the ccxt instance, which rejects it).
 */
export class WatchLoop<T> {
  private value: T | undefined;
  private at = Number.NEGATIVE_INFINITY;
  private up = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  /** How many times the watch has failed (for tests and status). */
  failures = 0;

  constructor(
    private readonly watch: () => Promise<T>,
    private readonly now: () => number,
    private readonly onValue: (value: T) => void = () => undefined,
  ) {
    void this.run();
  }

  current(): T | undefined {
    return this.up && this.now() - this.at <= STREAM_STALE_MS ? this.value : undefined;
  }

  stop(): void {
    this.stopped = true;
    this.up = false;
    clearTimeout(this.timer);
  }

  private async run(): Promise<void> {
    let delay = RETRY_FIRST_MS;
    while (!this.stopped) {
      try {
        const value = await this.watch();
        if (this.stopped) return;
        this.value = value;
        this.at = this.now();
        this.up = true;
        delay = RETRY_FIRST_MS;
        this.onValue(value);
      } catch {
        this.up = false;
        this.failures += 1;
        if (this.stopped) return;
        await new Promise<void>((resolve) => {
          this.timer = setTimeout(resolve, delay);
          this.timer.unref();
        });
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    }
  }
}
