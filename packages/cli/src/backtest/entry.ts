import { parseBacktestArgs, USAGE } from './args.js';
import type { CliIo } from './command.js';
import { failureExitCode, oneLine } from './failure.js';

/**
 * `npm run cli -- backtest …`: answers --help and a bad flag from the flags alone (args.ts and the
 * error catalogue), and loads the engine (command.ts) only to run a backtest.
 */
export async function backtestCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let help: boolean;
  try {
    help = parseBacktestArgs(argv).help;
  } catch (error) {
    io.stderr(`backtest: ${oneLine(error)}\n`);
    return failureExitCode(error);
  }
  if (help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const { main } = await import('./command.js');
  return main(argv, io);
}
