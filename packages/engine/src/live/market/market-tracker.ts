import { type CoinsState, type ReversalState, reversalDisplayValue } from '@balancer/core';
import type { MarketDataPort } from '../../ports/exchange.js';
import type { LiveMarketState } from '../engine-types.js';
import type { EngineSettings, EngineStore } from '../ports.js';
import { CoinsTracker } from './coins-tracker.js';
import { LiquidityTracker } from './liquidity-tracker.js';
import { type ReversalTick, ReversalTracker } from './reversal-tracker.js';
import { RuntimeWriter } from './runtime-writer.js';
import { WindowTracker } from './window-tracker.js';

/** Runtime keys (EngineStore.loadRuntime/saveRuntime) of the state that survives a restart. */
export const RUNTIME_KEYS = { coins: 'engine.coins', reversal: 'engine.reversal' } as const;

/**
 * The runtime state is saved at most this often by the wall clock, ms, and on stop; a key whose
 * value did not change is not written. A crash starting or ending saves the reversal state at once.
 */
export const RUNTIME_SAVE_MS = 10 * 60_000;

/** One tick of market state. */
export interface MarketTick {
  state: LiveMarketState;
  /** BTC price (the window's last close), decimal string. */
  price: string;
  reversal: ReversalTick;
  /** The recent candles did not continue the window: it was refetched whole. */
  integrityFailure: boolean;
}

/**
 * Market state of the live engine (docs/engine.md, The tick): window, liquidity, coins and reversal, in that
 * order, each from core. The coins windows and the active crash are restored from the store on the
 * first tick and saved when changed, at most every RUNTIME_SAVE_MS of wall time (and on stop), so a
 * restart neither loses a crash in progress nor waits ~30 minutes for full coin windows.
 */
export class MarketTracker {
  private readonly window = new WindowTracker();
  private readonly liquidity = new LiquidityTracker();
  private readonly coins = new CoinsTracker();
  private readonly reversal = new ReversalTracker();
  /** The last reversal event this process saw fire: its crash and points (not kept over a restart). */
  private lastEvent: { crashId: string; points: number } | null = null;
  private readonly runtime: RuntimeWriter;
  private restored = false;

  /** `wallClock`: wall time, epoch ms (the market clock may run faster, as the simulator's does). */
  constructor(
    private readonly port: MarketDataPort,
    private readonly store: EngineStore,
    wallClock: () => number,
  ) {
    this.runtime = new RuntimeWriter(store, wallClock, RUNTIME_SAVE_MS);
  }

  /**
   * One tick of market state at `now`. With `persist` false (an engine on standby) nothing is
   * written: no crash records, no reversal points, no runtime state.
   */
  async update(settings: EngineSettings, now: number, persist: boolean): Promise<MarketTick> {
    if (!this.restored) {
      this.coins.restore(await this.runtime.load<CoinsState>(RUNTIME_KEYS.coins));
      this.reversal.restore(await this.runtime.load<ReversalState>(RUNTIME_KEYS.reversal));
      this.restored = true;
    }
    const window = await this.window.update(this.port, settings.window);
    const close = window.window.close.at(-1)!;
    const liquidity = await this.liquidity.update(this.port, close, settings.liquidity, now);
    const crashActive = this.reversal.state.active !== null;
    const coins = await this.coins.update(
      this.port,
      close,
      window.state.state,
      crashActive,
      settings.coins,
      now,
    );
    const reversal = await this.reversal.update(
      { windowState: window.state.state, bidDominance: liquidity.bidDominance, coins },
      now,
      settings.reversal,
      persist ? this.store : null,
    );
    if (persist) {
      if (reversal.started !== null || reversal.ended !== null)
        await this.runtime.write({ [RUNTIME_KEYS.reversal]: this.reversal.state }, false);
      if (this.runtime.due) await this.save();
    }
    const active = reversal.active;
    if (reversal.event !== null)
      this.lastEvent = { crashId: reversal.event.crashId, points: reversal.event.points };
    return {
      price: String(close),
      reversal,
      integrityFailure: window.integrityFailure,
      state: {
        windowState: { ...window.state, window: window.window },
        liquidityState: { bidDominance: liquidity.bidDominance, neutral: liquidity.neutral },
        coinsStates: coins,
        ...(active === null
          ? {}
          : {
              reversalState: {
                id: active.id,
                points: reversalDisplayValue(active.finalPoints, settings.reversal.pointsRequirement),
                totalPoints: active.finalPoints,
                pointsRequirement: settings.reversal.pointsRequirement,
                reversalEventTime: active.reversalEventTime,
                reversalEventPoints:
                  active.reversalEventTime !== null && this.lastEvent?.crashId === active.id
                    ? this.lastEvent.points
                    : null,
              },
            }),
      },
    };
  }

  /** Forgets the window, so that the next tick fetches it whole (after an outage). */
  resetWindow(): void {
    this.window.reset();
  }

  /** Saves the coins windows and the reversal state, each only if it changed (when due, and on stop). */
  async save(): Promise<void> {
    if (!this.restored) return;
    await this.runtime.write(
      { [RUNTIME_KEYS.coins]: this.coins.state, [RUNTIME_KEYS.reversal]: this.reversal.state },
      true,
    );
  }
}
