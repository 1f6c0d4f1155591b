/**
 * The process's one clock, created once (platform/start.ts) and handed to every service by
 * platform/compose.ts. Two times, named apart:
 * - wall time: sessions, one-time codes, notification stamps and throttles, retention, the
 *   monitor and the version checker, the API's serverTime;
 * - market time: the time of the market the engine trades on. The simulator replays real candles
 *   faster than real time, so its market time runs ahead of the wall; on a real exchange (paper,
 *   live) market time is wall time.
 * Both are epoch milliseconds.
 */
export interface Clock {
  wallNow(): number;
  marketNow(): number;
}

/** The system's wall time, epoch ms: the one place the server reads `Date.now()`. */
export const systemTime = (): number => Date.now();

/** Wall and market time both the system's: services built alone (tests, the cli) use it. */
export const SYSTEM_CLOCK: Clock = { wallNow: systemTime, marketNow: systemTime };

/**
 * The platform's clock: wall time from `wall` (the system's by default; tests pass one they
 * move), market time from the exchange adapter once the engine has one that replays a market on
 * its own clock (startEngine calls runMarketOn), wall time until then and otherwise.
 */
export class PlatformClock implements Clock {
  private market: (() => number) | null = null;

  constructor(private readonly wall: () => number = systemTime) {}

  readonly wallNow = (): number => this.wall();

  readonly marketNow = (): number => (this.market ?? this.wall)();

  /** The market's time from now on: the adapter's own clock, or null for wall time. */
  runMarketOn(source: (() => number) | null): void {
    this.market = source;
  }
}
