import type { EngineScheduler } from '../schedule.js';

/**
 * A virtual clock and scheduler for engine tests: `sleep` advances the clock at once (so a
 * 10 s confirmation delay costs nothing), timers are recorded and fire only when the test says.
 */
export class VirtualTime implements EngineScheduler {
  private timers: Array<{ at: number; run: () => void }> = [];

  constructor(public now: number) {}

  readonly clock = (): number => this.now;

  advance(ms: number): void {
    this.now += ms;
  }

  async sleep(ms: number): Promise<void> {
    this.now += ms;
  }

  timer(ms: number, run: () => void): () => void {
    const entry = { at: this.now + ms, run };
    this.timers.push(entry);
    return () => {
      this.timers = this.timers.filter((timer) => timer !== entry);
    };
  }

  /** Moves the clock on by `ms` and runs the timers due by then, earliest first. */
  advanceTimers(ms: number): void {
    this.now += ms;
    const due = this.timers.filter((timer) => timer.at <= this.now).sort((a, b) => a.at - b.at);
    this.timers = this.timers.filter((timer) => !due.includes(timer));
    for (const timer of due) timer.run();
  }

  /** Timers not fired nor cancelled, with their due times, earliest first. */
  get pending(): number[] {
    return this.timers.map((timer) => timer.at).sort((a, b) => a - b);
  }
}
