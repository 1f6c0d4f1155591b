import type { MarketStateValue } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import type { MarketTick } from './market/market-tracker.js';
import { EngineNotifier } from './notify/engine-notifier.js';
import { RecordingNotifier, replayNotifier } from './testing/recording-notifier.js';
import { tickNotifications } from './tick-notifications.js';

const MINUTE_MS = 60_000;

/** A tick with only what the notifications read. */
const tick = (state: MarketStateValue, integrityFailure = false): MarketTick =>
  ({ state: { windowState: { state } }, price: '84440.49', integrityFailure }) as unknown as MarketTick;

describe('tickNotifications', () => {
  it('formats the price as on screen', async () => {
    const recording = new RecordingNotifier();
    await tickNotifications(new EngineNotifier(recording, () => 0), tick(2), 1);
    expect(recording.notes[0]?.description).toBe('The window state is 2 at price $84,440.49');
  });

  it('sends one window-state note per direction in 20 wall minutes of a 60× replay, however it flaps', async () => {
    const { recording, notifier, wall, setWall } = replayNotifier();
    // A tick every 3 wall seconds for 20 minutes; the state flaps 2 ↔ 1 ↔ −2 and the window is
    // refetched on every tenth tick: 400 ticks.
    let previous: MarketStateValue = 0;
    for (let n = 0; n < 400; n += 1) {
      const state = ([2, 1, -2, 1] as const)[n % 4] ?? 0;
      await tickNotifications(notifier, tick(state, n % 10 === 0), previous);
      previous = state;
      setWall(wall() + 3_000);
    }
    expect(wall()).toBe(20 * MINUTE_MS);
    expect(recording.titles()).toEqual([
      'Window integrity',
      'Window state increasing strongly',
      'Window state decreasing strongly',
    ]);
  });
});
