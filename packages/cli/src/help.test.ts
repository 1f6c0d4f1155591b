import { describe, expect, it, vi } from 'vitest';
import { runCaptured } from './run-captured.js';

// `--help`, `backtest --help`, `data --help` and `sweep --help` answer from the usage texts alone: the engine, the server and
// core's full entry (seconds to import on a small machine) are never loaded for them. Here loading
// any of them fails, so a static import of one on the help path fails these tests.
vi.mock('@balancer/engine', () => {
  throw new Error('the engine was loaded');
});
vi.mock('@balancer/server/ops', () => {
  throw new Error('the server was loaded');
});
vi.mock('@balancer/server', () => {
  throw new Error('the server was loaded');
});
vi.mock('@balancer/core', () => {
  throw new Error("core's full entry was loaded");
});

describe('the cli loads only what a command uses', () => {
  it('answers --help without the engine, the server or core', async () => {
    for (const args of [['--help'], ['help'], []]) {
      const { code, out } = await runCaptured(args);
      expect(code).toBe(0);
      expect(out).toMatch(/^Balancer admin commands/);
    }
  });

  it('answers backtest --help and a bad backtest flag without the engine', async () => {
    const help = await runCaptured(['backtest', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: npm run backtest -- /);
    const bad = await runCaptured(['backtest', '--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^backtest: Unknown backtest flag: --bogus/);
  });

  it('answers data --help, sweep --help and their bad flags without the engine', async () => {
    for (const args of [
      ['data', '--help'],
      ['data', 'list', '--help'],
    ]) {
      const help = await runCaptured(args);
      expect(help).toMatchObject({ code: 0, err: '' });
      expect(help.out).toContain('npm run cli -- data list [--data-dir DIR]');
    }
    const none = await runCaptured(['data']);
    expect(none.code).toBe(2);
    expect(none.out).toContain('npm run cli -- data download');
    const badData = await runCaptured(['data', 'list', '--colour']);
    expect(badData.code).toBe(2);
    expect(badData.err).toMatch(/^Unknown option '--colour'/);
    const sweep = await runCaptured(['sweep', '--help']);
    expect(sweep).toMatchObject({ code: 0, err: '' });
    expect(sweep.out).toContain('npm run cli -- sweep --param ID=FROM:TO:STEP');
    const badSweep = await runCaptured(['sweep', '--bogus']);
    expect(badSweep.code).toBe(2);
    expect(badSweep.err).toMatch(/^sweep: Unknown option '--bogus'/);
  });

  it('loads the engine to run data list and a sweep', async () => {
    await expect(runCaptured(['data', 'list'])).rejects.toThrow(/mocking a module/);
    await expect(runCaptured(['sweep', '--param', 'windowSize=10:20:5'])).rejects.toThrow(/mocking a module/);
  });

  it('loads the engine to run a backtest (the stand-ins above are in force)', async () => {
    // vitest reports a factory that throws as its own error, without the factory's message.
    await expect(runCaptured(['backtest', '--from', '2024-01-01'])).rejects.toThrow(/mocking a module/);
  });
});
