/**
 * Runs tasks one at a time, in the order they were queued: the private calls of an exchange whose
 * nonces must strictly increase per key (Kraken, Bitfinex). Two signed requests sent at once carry
 * nonces taken a moment apart and may arrive out of order, which such a key refuses
 * (`EAPI:Invalid nonce`); one at a time, each nonce is taken after the last answer. A failed task
 * does not stop the queue.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** A nonce source that never repeats or goes back, whatever `base` (the exchange's ms/µs clock) does. */
export function monotonicNonce(base: () => number): () => number {
  let last = 0;
  return () => {
    last = Math.max(base(), last + 1);
    return last;
  };
}
