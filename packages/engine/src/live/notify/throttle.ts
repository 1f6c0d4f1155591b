/**
 * At most one event per key per period, counted on several clocks at once: `allow(key, ...nows)`
 * (the same instant read on each clock, e.g. wall and market) is true the first time, then only
 * once `periodMs` has passed on every clock since the last allowed one. A clock that went back (a
 * replay that started over, the wall clock set back) counts as passed. Plain memory, one entry per
 * key (a handful): after a restart one repeat may pass, which is fine for notifications.
 */
export class Throttle {
  private readonly last = new Map<string, readonly number[]>();

  constructor(private readonly periodMs: number) {}

  allow(key: string, ...nows: number[]): boolean {
    const previous = this.last.get(key);
    const within = (now: number, index: number) => {
      const before = previous?.[index];
      return before !== undefined && now >= before && now - before < this.periodMs;
    };
    if (nows.some(within)) return false;
    this.last.set(key, nows);
    return true;
  }
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
