import { ok } from '@balancer/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capturingLogger } from '../testing/capturing-logger.js';
import { buildTestApp } from '../testing/test-app.js';
import { armStopDeadline, closeHttp, StopSteps } from './stop.js';

/** A promise that never settles: work that hangs for good. */
const never = () => new Promise<never>(() => {});

afterEach(() => {
  vi.useRealTimers();
});

describe('StopSteps: one budget for the whole stop', () => {
  it('stops waiting for a step once the budget is spent, names it as pending, and goes on', async () => {
    vi.useFakeTimers();
    const { logger, lines } = capturingLogger();
    const steps = new StopSteps(4_000, logger);
    const cuts: string[] = [];
    steps.onBudgetSpent(() => cuts.push('cut'));
    const waiting = steps.within('engine', never);
    expect(steps.pending).toEqual(['engine']);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await waiting).toBe(false);
    expect([steps.pending, cuts]).toEqual([['engine'], ['cut']]);
    expect(lines.join('')).toContain('stop budget spent');
    await steps.run('database', async () => {});
    expect(steps.pending).toEqual(['engine']);
  });

  it('a step that ends in time, or fails, is no longer pending; a finished stop cuts nothing', async () => {
    vi.useFakeTimers();
    const { logger, lines } = capturingLogger();
    const steps = new StopSteps(4_000, logger);
    const cuts: string[] = [];
    steps.onBudgetSpent(() => cuts.push('cut'));
    expect(await steps.within('tasks', async () => {})).toBe(true);
    await steps.run('realtime', async () => {
      throw new Error('socket already closed');
    });
    expect(lines.join('')).toContain('stop step failed');
    steps.finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect([steps.pending, cuts]).toEqual([[], []]);
  });
});

describe('armStopDeadline: the process ends even when a stop hangs', () => {
  it('logs what is still pending and exits with 1, unless disarmed first', async () => {
    vi.useFakeTimers();
    const { logger, lines } = capturingLogger();
    const exits: number[] = [];
    const options = {
      ms: 4_500,
      pending: () => ['database'],
      logger,
      exit: (code: number) => exits.push(code),
    };
    const disarm = armStopDeadline(options);
    await vi.advanceTimersByTimeAsync(4_499);
    disarm();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(exits).toEqual([]);
    armStopDeadline(options);
    await vi.advanceTimersByTimeAsync(4_500);
    expect(exits).toEqual([1]);
    const line = JSON.parse(lines.at(-1) ?? '{}') as { pending?: string[]; msg?: string };
    expect(line).toMatchObject({
      pending: ['database'],
      msg: expect.stringContaining('stop deadline reached'),
    });
  });
});

describe('closeHttp', () => {
  it('cuts a request still in flight when the budget is spent: the close does not wait for its handler', async () => {
    let entered: () => void = () => {};
    const handling = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let finished = false;
    const { app } = await buildTestApp({
      extend: (instance) =>
        instance.get('/hang', { config: { beforeReady: true } }, async () => {
          entered();
          await never();
          finished = true;
          return ok('never');
        }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const inFlight = fetch(`http://127.0.0.1:${port}/hang`).then(
      () => 'answered',
      () => 'connection cut',
    );
    await handling;
    // A short budget: the handler above never ends, so only the cut can end the close.
    const steps = new StopSteps(50, capturingLogger().logger);
    await closeHttp(app, steps);
    expect([await inFlight, finished, steps.pending]).toEqual(['connection cut', false, []]);
  });
});
