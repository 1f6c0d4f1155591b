import type { FastifyInstance } from 'fastify';
import type { Logger } from '../logging/logger.js';

/**
 * The platform's stop budget (README: a stop takes under 5 s; Docker's default grace before
 * SIGKILL is 10 s), ms from the signal. start.ts spends it in this order: new API requests get
 * 6002 at once; the engine's order in flight has `engineGraceMs` to be settled by the exchange,
 * then stays PROCESSING for start-up reconciliation; the background tasks stop meanwhile; the
 * realtime sockets close; HTTP requests still in flight when `totalMs` is spent lose their
 * connection; the database closes. main.ts exits at `deadlineMs` whatever is still pending.
 */
export const STOP_BUDGET = {
  engineGraceMs: 3_000,
  totalMs: 4_000,
  deadlineMs: 4_500,
} as const;

export type StopBudget = { [K in keyof typeof STOP_BUDGET]: number };

/**
 * The steps of one stop, named while they run (so the deadline can say what it cut), against one
 * budget: `within` waits for a step at most until the budget is spent, `run` waits for it to end.
 * A step that fails is logged and the stop goes on.
 */
export class StopSteps {
  private readonly running = new Set<string>();
  private readonly spent: Promise<void>;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    budgetMs: number,
    private readonly logger: Logger,
  ) {
    this.spent = new Promise((resolve) => {
      this.timer = setTimeout(resolve, budgetMs);
      // The budget never keeps a stopped process alive.
      this.timer.unref();
    });
  }

  /** The steps still running (those `within` stopped waiting for included). */
  get pending(): string[] {
    return [...this.running];
  }

  /** Calls `cut` once the budget is spent, unless the stop finished first. */
  onBudgetSpent(cut: () => void): void {
    void this.spent.then(() => {
      if (this.timer !== undefined) cut();
    });
  }

  /** Runs the step and waits until it ends. */
  async run(name: string, work: () => Promise<unknown>): Promise<void> {
    await this.track(name, work);
  }

  /** Runs the step and waits until it ends or the budget is spent; false when it was left running. */
  async within(name: string, work: () => Promise<unknown>): Promise<boolean> {
    const ended = this.track(name, work).then(() => true);
    const finished = await Promise.race([ended, this.spent.then(() => false)]);
    if (!finished) this.logger.warn({ step: name }, 'stop budget spent: no longer waiting for this step');
    return finished;
  }

  /** The stop is over: the budget's timer is cleared and no cut happens any more. */
  finish(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async track(name: string, work: () => Promise<unknown>): Promise<void> {
    this.running.add(name);
    try {
      await work();
    } catch (error) {
      this.logger.error({ err: error, step: name }, 'stop step failed');
    } finally {
      this.running.delete(name);
    }
  }
}

/**
 * Closes the HTTP server: no new connections, idle ones closed, requests in flight may finish until
 * the budget is spent; then their connections are cut (the client sees the connection drop).
 */
export async function closeHttp(app: FastifyInstance, steps: StopSteps): Promise<void> {
  steps.onBudgetSpent(() => app.server.closeAllConnections());
  await steps.run('http requests in flight', () => app.close());
}

/**
 * main.ts's last resort: unless disarmed, after `ms` it logs the stop steps still pending and
 * exits with code 1. The timer never keeps the process alive by itself.
 */
export function armStopDeadline(options: {
  ms: number;
  pending: () => string[];
  logger: Logger;
  exit: (code: number) => void;
}): () => void {
  const timer = setTimeout(() => {
    options.logger.error(
      { pending: options.pending() },
      'stop deadline reached: exiting with these stop steps unfinished',
    );
    options.exit(1);
  }, options.ms);
  timer.unref();
  return () => clearTimeout(timer);
}
