import { describe, expect, it, vi } from 'vitest';
import { runCaptured } from './run-captured.js';

// `--help` and `backtest --help` answer from the usage texts alone: the engine, the server and
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

  it('loads the engine to run a backtest (the stand-ins above are in force)', async () => {
    // vitest reports a factory that throws as its own error, without the factory's message.
    await expect(runCaptured(['backtest', '--from', '2024-01-01'])).rejects.toThrow(/mocking a module/);
  });
});
