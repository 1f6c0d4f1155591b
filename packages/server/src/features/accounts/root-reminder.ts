import type { Logger } from '../../logging/logger.js';
import type { BackgroundTask } from '../../shared/background-task.js';

/** Every 5 minutes of a running platform whose root has no password yet (docs/accounts.md). */
export const ROOT_REMINDER_MS = 5 * 60_000;

/**
 * Repeats, as one log line, where root's one-time-code secret is and where to set root's password,
 * every ROOT_REMINDER_MS until root has one: the first start's block scrolls away, the reminder
 * keeps the next step on screen. `remind` logs the line (never the secret) and says whether root
 * still waits; once it does not, the task stops by itself.
 */
export class RootPasswordReminder implements BackgroundTask {
  readonly name = 'root-password-reminder';
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly remind: () => Promise<boolean>,
    private readonly logger: Logger,
    private readonly intervalMs = ROOT_REMINDER_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.inFlight ??= this.tick().finally(() => {
        this.inFlight = null;
      });
    }, this.intervalMs);
    // A reminder never keeps the process alive on its own.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.inFlight;
  }

  private async tick(): Promise<void> {
    try {
      if (!(await this.remind())) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'the root password reminder failed; it tries again');
    }
  }
}
