/**
 * At most one event per key per period: `allow(key, now)` is true the first time and then once
 * `periodMs` has passed since the last allowed one. Plain memory (after a restart one repeat may
 * pass, which is fine for notifications).
 */
export class Throttle {
  private readonly last = new Map<string, number>();

  constructor(private readonly periodMs: number) {}

  allow(key: string, now: number): boolean {
    const previous = this.last.get(key);
    if (previous !== undefined && now - previous < this.periodMs && now >= previous) return false;
    this.last.set(key, now);
    return true;
  }
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
