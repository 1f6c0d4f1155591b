import { CodedError } from '@balancer/core';
import type { DatabaseHandle } from '../db/connect.js';

/**
 * What the running platform has opened so far. Requests that need it before it is ready get
 * code 6002 (the client waits 30 s and repeats).
 */
export class Platform {
  private handle: DatabaseHandle | undefined;
  private stopping = false;

  get ready(): boolean {
    return this.handle !== undefined && !this.stopping;
  }

  get database(): DatabaseHandle {
    if (!this.handle || this.stopping) throw new CodedError('SERVICE_NOT_READY');
    return this.handle;
  }

  markReady(handle: DatabaseHandle): void {
    this.handle = handle;
  }

  /** Marks the platform as going down; new requests get 6002 while in-flight ones finish. */
  markStopping(): DatabaseHandle | undefined {
    this.stopping = true;
    return this.handle;
  }
}
