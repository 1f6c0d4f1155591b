import type { EngineNotification, Notifier } from '../ports.js';
import { DAY_MS, HOUR_MS, Throttle } from './throttle.js';

/**
 * The engine's side of the Notifier: stamps the engine clock's time, swallows any failure (a
 * notifier that throws or rejects never stops trading), and throttles the noisy ones: `hourly` and
 * `daily` keys pass at most once an hour / a day each, counted on both clocks: an hour of
 * `wallClock` time (the operator's hours: a simulator replaying at 60× does not notify 60 times as
 * often) and an hour of market time (a market that moved for minutes only, as after a pause, does
 * not repeat itself either).
 */
export class EngineNotifier {
  private readonly hourly = new Throttle(HOUR_MS);
  private readonly daily = new Throttle(DAY_MS);

  constructor(
    private readonly notifier: Notifier,
    private readonly clock: () => number,
    private readonly wallClock: () => number = clock,
  ) {}

  async notify(notification: EngineNotification): Promise<void> {
    try {
      await this.notifier.notify(notification, this.clock());
    } catch {
      // Delivery is best effort by contract; the notification is lost, trading goes on.
    }
  }

  /** Notifies unless the same `key` was notified less than an hour ago (wall or market time). */
  async hourlyNotify(key: string, notification: EngineNotification): Promise<void> {
    if (this.hourly.allow(key, this.wallClock(), this.clock())) await this.notify(notification);
  }

  /** Notifies unless the same `key` was notified less than a day ago (wall or market time). */
  async dailyNotify(key: string, notification: EngineNotification): Promise<void> {
    if (this.daily.allow(key, this.wallClock(), this.clock())) await this.notify(notification);
  }
}
