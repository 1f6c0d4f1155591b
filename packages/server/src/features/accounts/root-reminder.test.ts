import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capturingLogger } from '../../testing/capturing-logger.js';
import { ROOT_REMINDER_MS, RootPasswordReminder } from './root-reminder.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('RootPasswordReminder', () => {
  it('reminds every interval while root waits, then stops by itself', async () => {
    let waiting = 3;
    const remind = vi.fn(async () => {
      waiting -= 1;
      return waiting > 0;
    });
    const reminder = new RootPasswordReminder(remind, capturingLogger().logger);
    reminder.start();
    expect(remind).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ROOT_REMINDER_MS);
    expect(remind).toHaveBeenCalledTimes(1);
    // Two more reminders; the third finds root with a password and the timer ends.
    await vi.advanceTimersByTimeAsync(10 * ROOT_REMINDER_MS);
    expect(remind).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
    await reminder.stop();
  });

  it('goes on after a failed reminder, and stop() ends it', async () => {
    const remind = vi.fn().mockRejectedValueOnce(new Error('database closed')).mockResolvedValue(true);
    const { logger, lines } = capturingLogger();
    const reminder = new RootPasswordReminder(remind, logger);
    reminder.start();
    await vi.advanceTimersByTimeAsync(2 * ROOT_REMINDER_MS);
    expect(remind).toHaveBeenCalledTimes(2);
    expect(lines.join('\n')).toContain('the root password reminder failed');
    await reminder.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
