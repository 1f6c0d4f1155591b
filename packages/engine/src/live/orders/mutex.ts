/**
 * One order at a time: automatic decisions and the operator's manual increase/decrease queue on
 * the same mutex, so two transactions never run against the same balances at once.
 */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `task` after every task queued before it has settled; resolves with its result. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every task queued so far has settled. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
