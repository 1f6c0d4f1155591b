import { CodedError } from '@balancer/core';
import type { Engine } from '@balancer/engine';

/**
 * The platform's trading engine, once it exists: it is built after the database is ready and the
 * exchange adapter has loaded. Routes reach it through here; before that they answer 6002 (the
 * client waits 30 s and repeats).
 */
export class EngineHolder {
  private engine: Engine | null = null;

  set(engine: Engine | null): void {
    this.engine = engine;
  }

  get current(): Engine | null {
    return this.engine;
  }

  require(): Engine {
    if (!this.engine) throw new CodedError('SERVICE_NOT_READY', 'the trading engine is starting');
    return this.engine;
  }
}
