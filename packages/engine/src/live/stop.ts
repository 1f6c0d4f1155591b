import { CodedError } from '@balancer/core';

/** One run's stop, as the work started in that run sees it (a later start gets a new one). */
export interface StopRun {
  /** Aborted once stop is requested: waits end early and no new transaction starts. */
  readonly requested: AbortSignal;
  /** Aborted once the stop gave up waiting: nothing about the order in flight is saved any more. */
  readonly abandoned: AbortSignal;
}

/**
 * How the engine's stop reaches its order in flight (docs/engine.md, "Stopping"). `request()`
 * cuts the confirmation wait short and refuses new transactions; `abandon()`, once the stop's
 * grace has run out, leaves the transaction in flight PROCESSING as its last save wrote it (start-up
 * reconciliation finishes it by its client order id) and answers whoever waits for it with
 * ENGINE_STOPPED_ORDER_PENDING.
 */
export class EngineStop {
  private run = EngineStop.freshRun();

  private static freshRun() {
    return {
      requested: new AbortController(),
      abandoned: new AbortController(),
      /** The transaction in flight when the stop gave up waiting, if any. */
      transactionId: null as string | null,
    };
  }

  /** The current run's signals; work captures them when it starts. */
  current(): StopRun {
    return { requested: this.run.requested.signal, abandoned: this.run.abandoned.signal };
  }

  get requested(): boolean {
    return this.run.requested.signal.aborted;
  }

  request(): void {
    this.run.requested.abort();
  }

  /** Gives up waiting; `transactionId` is the transaction then in flight, if any. */
  abandon(transactionId: string | null): void {
    this.run.transactionId = transactionId;
    this.run.abandoned.abort();
  }

  /** A new run (start after a stop); work of the old run still sees the old run's signals. */
  reset(): void {
    if (this.requested) this.run = EngineStop.freshRun();
  }

  /**
   * `work`'s outcome, or as soon as the stop abandons it: ENGINE_STOPPED_ORDER_PENDING naming the
   * transaction then in flight, or ENGINE_NOT_STARTED when none was (nothing was being placed).
   */
  guard<T>(work: Promise<T>): Promise<T> {
    const run = this.run;
    const abandoned = run.abandoned.signal;
    return new Promise<T>((resolve, reject) => {
      const leave = () =>
        reject(
          run.transactionId === null
            ? new CodedError('ENGINE_NOT_STARTED', 'the engine stopped before this request finished')
            : stoppedWithOrderPending(run.transactionId),
        );
      if (abandoned.aborted) leave();
      abandoned.addEventListener('abort', leave, { once: true });
      work.then(resolve, reject).finally(() => abandoned.removeEventListener('abort', leave));
    });
  }
}

/** Thrown where work of a stopping engine ends early; the transaction it concerns stays PROCESSING. */
export function stoppedWithOrderPending(transactionId?: string): CodedError {
  return new CodedError(
    'ENGINE_STOPPED_ORDER_PENDING',
    transactionId === undefined ? undefined : `transaction ${transactionId}`,
  );
}
