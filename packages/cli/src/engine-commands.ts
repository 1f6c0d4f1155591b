import type { Writer } from './cli.js';

/**
 * The commands that need the engine alone (backtest, sweep), imported only when one runs: no
 * server configuration and none of the server's modules. Undefined for any other command. Each
 * parses its own flags (backtest/args.ts, sweep/command.ts).
 */
export async function runEngineCommand(
  command: string | undefined,
  rest: string[],
  out: Writer,
  err: Writer,
): Promise<number | undefined> {
  if (command !== 'backtest' && command !== 'sweep') return undefined;
  const io = {
    stdout: (text: string) => out.write(text),
    stderr: (text: string) => err.write(text),
    cwd: process.cwd(),
  };
  // Each entry answers --help and a bad flag without loading the engine.
  if (command === 'sweep') return (await import('./sweep/entry.js')).sweepEntry(rest, io);
  return (await import('./backtest/entry.js')).backtestCommand(rest, io);
}
