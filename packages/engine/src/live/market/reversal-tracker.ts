import {
  type CrashState,
  EMPTY_REVERSAL_STATE,
  type ReversalConfig,
  type ReversalEvent,
  type ReversalInput,
  type ReversalState,
  updateReversal,
} from '@balancer/core';
import type { EngineStore } from '../ports.js';

const MINUTE_MS = 60_000;

/** What the reversal indicator gave this tick. */
export interface ReversalTick {
  active: CrashState | null;
  /** The reversal event, on the one tick it fires. */
  event: ReversalEvent | null;
  /** The crash that ended this tick. */
  ended: CrashState | null;
  /** A crash started this tick. */
  started: CrashState | null;
}

/**
 * The reversal indicator on core's updateReversal. Records every crash in the
 * store when it starts, when its event fires and when it ends, and one point of its history per
 * minute (the crash record is refreshed with it, so its highest points stay current).
 */
export class ReversalTracker {
  state: ReversalState = EMPTY_REVERSAL_STATE;
  private lastPointMinute: number | null = null;

  restore(state: ReversalState | null): void {
    if (state !== null) this.state = state;
  }

  /** `store` null: compute only, record nothing (an engine on standby never writes). */
  async update(
    input: ReversalInput,
    now: number,
    config: ReversalConfig,
    store: EngineStore | null,
  ): Promise<ReversalTick> {
    const before = this.state.active;
    const result = updateReversal(this.state, input, now, config);
    this.state = result.state;
    const active = result.state.active;
    const started = active !== null && active.id !== before?.id ? active : null;
    if (store === null) return { active, event: result.event, ended: result.ended, started };
    if (result.ended !== null) await store.saveCrash(result.ended);
    // A crash is saved when it opens (its first points come on the next tick), when its event
    // fires, and with each minute's point of its history.
    if (started !== null) await store.saveCrash(started);
    if (active !== null && result.points !== null) {
      const minute = Math.floor(now / MINUTE_MS);
      const pointDue = minute !== this.lastPointMinute;
      if (result.event !== null || pointDue) await store.saveCrash(active);
      if (pointDue) {
        this.lastPointMinute = minute;
        await store.recordReversalPoint(active.id, { time: now, ...result.points });
      }
    }
    return { active, event: result.event, ended: result.ended, started };
  }
}
