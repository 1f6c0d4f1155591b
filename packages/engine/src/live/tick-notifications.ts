import { formatDollars, type MarketStateValue } from '@balancer/core';
import type { MarketTick } from './market/market-tracker.js';
import type { EngineNotifier } from './notify/engine-notifier.js';

/**
 * The market state notifications of a tick: a refetched window (integrity failure, at most hourly:
 * a slow tick on a fast replay can repeat it), and the window state entering 2 or −2 (at most
 * hourly per direction: it can flap around the threshold). Prices read as on screen: $84,440.49.
 */
export async function tickNotifications(
  notifier: EngineNotifier,
  market: MarketTick,
  previous: MarketStateValue | null,
): Promise<void> {
  if (market.integrityFailure) {
    await notifier.hourlyNotify('window:integrity', {
      sender: 'market state',
      title: 'Window integrity',
      description: 'The latest candles did not continue the window; the whole window was fetched again',
    });
  }
  const state = market.state.windowState.state;
  if ((state === 2 || state === -2) && state !== previous) {
    const up = state === 2;
    await notifier.hourlyNotify(up ? 'window:2' : 'window:-2', {
      sender: 'market state',
      title: up ? 'Window state increasing strongly' : 'Window state decreasing strongly',
      description: `The window state is ${state} at price ${formatDollars(market.price)}`,
    });
  }
}
