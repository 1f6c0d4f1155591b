import { CodedError } from '@balancer/core';
import type { DatabaseHandle } from '../db/connect.js';

/**
 * What the running platform has opened so far. Requests that need it before it is ready get
 * code 6002 (the client waits 30 s and repeats).
 */
export class Platform {
  private handle: DatabaseHandle | undefined;
  private draining = false;
  private stopping = false;
  private startingUp = false;
  private handingOff = false;

  /** Open to new requests: the database is open and no stop has begun. */
  get ready(): boolean {
    return this.handle !== undefined && !this.draining && !this.stopping;
  }

  /**
   * What `GET /ready` answers 200 for: ready, and the start-up's last steps done (start.ts: the
   * cluster link joined and the engine knowing whether it leads), so an order sent the moment it
   * says so is placed or forwarded, never refused for a start-up still under way.
   */
  get serving(): boolean {
    return this.ready && !this.startingUp;
  }

  /** start.ts, before markReady: `serving` stays false until startUpDone(). */
  beginStartUp(): void {
    this.startingUp = true;
  }

  startUpDone(): void {
    this.startingUp = false;
  }

  get database(): DatabaseHandle {
    if (!this.handle || this.stopping) throw new CodedError('SERVICE_NOT_READY');
    return this.handle;
  }

  markReady(handle: DatabaseHandle): void {
    this.handle = handle;
  }

  /**
   * The first step of a stop: new requests get 6002 (and /ready 503) while the work in flight
   * (requests, the engine's order) keeps the database until markStopping().
   */
  drain(): void {
    this.draining = true;
  }

  /**
   * The first step of a stop behind a load balancer (LISTEN_BEFORE_READY=false): requests are
   * still answered, each with `Connection: close`, so the proxy opens its next connection to an
   * instance that stays (a kept-alive one reused after fastify's close would get its 503).
   */
  handOff(): void {
    this.handingOff = true;
  }

  /** Every answer from here on closes its connection (handOff). */
  get closesConnections(): boolean {
    return this.handingOff;
  }

  /** Marks the platform as going down: the database is about to close. */
  markStopping(): DatabaseHandle | undefined {
    this.stopping = true;
    return this.handle;
  }
}
