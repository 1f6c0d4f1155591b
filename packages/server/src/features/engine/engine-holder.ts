import { CodedError } from '@balancer/core';
import type { Engine } from '@balancer/engine';

/**
 * The platform's trading engine, once it exists: it is built after the database is ready and the
 * exchange adapter has loaded. Routes reach it through here; before that they answer 6002 (the
 * client waits 30 s and repeats).
 */
export class EngineHolder {
  private engine: Engine | null = null;
  private starting: Promise<unknown> = Promise.resolve();

  /** `started`: the engine's start() (it tried the lock once it settles), when it is still running. */
  set(engine: Engine | null, started?: Promise<unknown>): void {
    this.engine = engine;
    this.starting = started?.catch(() => undefined) ?? Promise.resolve();
  }

  /** Settles once the engine's start() has (the mode is no longer `starting`). */
  get started(): Promise<unknown> {
    return this.starting;
  }

  get current(): Engine | null {
    return this.engine;
  }

  require(): Engine {
    if (!this.engine) throw new CodedError('SERVICE_NOT_READY', 'the trading engine is starting');
    return this.engine;
  }
}
