import { describe, expect, it } from 'vitest';
import { RecordingNotifier, replayNotifier } from '../testing/recording-notifier.js';
import { EngineNotifier } from './engine-notifier.js';
import { DAY_MS, HOUR_MS, Throttle } from './throttle.js';

const NOTE = { sender: 'market state', title: 't', description: 'd' } as const;

describe('Throttle', () => {
  it('allows a key once per period, keys apart', () => {
    const throttle = new Throttle(HOUR_MS);
    expect(throttle.allow('up', 0)).toBe(true);
    expect(throttle.allow('up', HOUR_MS - 1)).toBe(false);
    expect(throttle.allow('down', 10)).toBe(true);
    expect(throttle.allow('up', HOUR_MS)).toBe(true);
  });

  it('waits for the period on every clock, and lets a clock that went back through', () => {
    const throttle = new Throttle(HOUR_MS);
    expect(throttle.allow('up', 0, 0)).toBe(true);
    // Two wall hours but ten market minutes (a paused replay): held back by the market clock.
    expect(throttle.allow('up', 2 * HOUR_MS, 600_000)).toBe(false);
    // Sixty market hours in one wall minute (a 60× replay... and more): held back by the wall clock.
    expect(throttle.allow('up', 60_000, 60 * HOUR_MS)).toBe(false);
    expect(throttle.allow('up', HOUR_MS, HOUR_MS)).toBe(true);
    // The replay started over: its market clock went back, the wall hour has passed.
    expect(throttle.allow('up', 2 * HOUR_MS, 0)).toBe(true);
  });
});

describe('EngineNotifier', () => {
  it('stamps the clock, throttles hourly and daily keys', async () => {
    let now = 1_000;
    const recording = new RecordingNotifier();
    const notifier = new EngineNotifier(recording, () => now);
    await notifier.hourlyNotify('window:2', NOTE);
    now += HOUR_MS - 1;
    await notifier.hourlyNotify('window:2', NOTE);
    await notifier.hourlyNotify('window:-2', NOTE);
    await notifier.dailyNotify('planner', NOTE);
    now += DAY_MS - 1;
    await notifier.dailyNotify('planner', NOTE);
    now += 1;
    await notifier.dailyNotify('planner', NOTE);
    // 1,000; 1,000 + 1 h − 1 (window:-2, planner); 1,000 + 1 h − 1 + 1 d (planner again).
    expect(recording.notes.map((n) => n.time)).toEqual([
      1_000,
      HOUR_MS + 999,
      HOUR_MS + 999,
      HOUR_MS + DAY_MS + 999,
    ]);
  });

  it('throttles by the wall clock when the market clock runs faster (a 60× replay)', async () => {
    const { recording, notifier, wall, setWall } = replayNotifier();
    // A market day passes every 24 wall minutes: 10 such "days" are still one wall day's first.
    for (let minute = 0; minute < 240; minute += 1) {
      await notifier.dailyNotify('planner', NOTE);
      setWall(wall() + 60_000);
    }
    expect(recording.notes).toHaveLength(1);
    setWall(DAY_MS);
    await notifier.dailyNotify('planner', NOTE);
    // Stamped with the market clock, as before.
    expect(recording.notes.map((n) => n.time)).toEqual([0, DAY_MS * 60]);
  });

  it('never throws when the notifier throws or rejects', async () => {
    const throwing = new EngineNotifier(
      {
        notify() {
          throw new Error('sync');
        },
      },
      () => 0,
    );
    const rejecting = new EngineNotifier({ notify: () => Promise.reject(new Error('async')) }, () => 0);
    await expect(throwing.notify(NOTE)).resolves.toBeUndefined();
    await expect(rejecting.notify(NOTE)).resolves.toBeUndefined();
  });
});
