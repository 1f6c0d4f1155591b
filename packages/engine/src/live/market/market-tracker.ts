import { type CoinsState, type ReversalState, reversalDisplayValue } from '@balancer/core';
import type { MarketDataPort } from '../../ports/exchange.js';
import type { LiveMarketState } from '../engine-types.js';
import type { EngineSettings, EngineStore } from '../ports.js';
import { CoinsTracker } from './coins-tracker.js';
import { LiquidityTracker } from './liquidity-tracker.js';
import { type ReversalTick, ReversalTracker } from './reversal-tracker.js';
import { WindowTracker } from './window-tracker.js';

/** Runtime keys (EngineStore.loadRuntime/saveRuntime) of the state that survives a restart. */
export const RUNTIME_KEYS = { coins: 'engine.coins', reversal: 'engine.reversal' } as const;

/** The runtime state is saved at most this often (and on stop), ms. */
export const RUNTIME_SAVE_MS = 60_000;

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
 * Market state of the live engine (reference §1): window, liquidity, coins and reversal, in that
 * order, each from core. The coins windows and the active crash are restored from the store on the
 * first tick and saved at most once a minute, so a restart neither loses a crash in progress nor
 * waits ~30 minutes for full coin windows.
 */
export class MarketTracker {
  private readonly window = new WindowTracker();
  private readonly liquidity = new LiquidityTracker();
  private readonly coins = new CoinsTracker();
  private readonly reversal = new ReversalTracker();
  private restored = false;
  private lastSave: number | null = null;

  constructor(
    private readonly port: MarketDataPort,
    private readonly store: EngineStore,
  ) {}

  /**
   * One tick of market state at `now`. With `persist` false (an engine on standby) nothing is
   * written: no crash records, no reversal points, no runtime state.
   */
  async update(settings: EngineSettings, now: number, persist: boolean): Promise<MarketTick> {
    if (!this.restored) {
      this.coins.restore(await this.store.loadRuntime<CoinsState>(RUNTIME_KEYS.coins));
      this.reversal.restore(await this.store.loadRuntime<ReversalState>(RUNTIME_KEYS.reversal));
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
    if (persist && (this.lastSave === null || now - this.lastSave >= RUNTIME_SAVE_MS)) await this.save(now);
    const active = reversal.active;
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
                reversalEventTime: active.reversalEventTime,
              },
            }),
      },
    };
  }

  /** Forgets the window, so that the next tick fetches it whole (after an outage). */
  resetWindow(): void {
    this.window.reset();
  }

  /** Saves the coins windows and the reversal state (each tick at most once a minute, and on stop). */
  async save(now: number): Promise<void> {
    if (!this.restored) return;
    await this.store.saveRuntime(RUNTIME_KEYS.coins, this.coins.state);
    await this.store.saveRuntime(RUNTIME_KEYS.reversal, this.reversal.state);
    this.lastSave = now;
  }
}
