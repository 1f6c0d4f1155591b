import { parseSweepArgs } from './args.js';
import type { SweepIo } from './command.js';
import { SWEEP_USAGE } from './usage.js';

/**
 * `npm run cli -- sweep …`: answers --help and a bad flag from the flags and the usage alone, and
 * loads the engine (command.ts) only to run a sweep.
 */
export async function sweepEntry(argv: readonly string[], io: SweepIo): Promise<number> {
  try {
    if (parseSweepArgs(argv).values.help) {
      io.stdout(SWEEP_USAGE);
      return 0;
    }
  } catch (error) {
    if (error instanceof TypeError && 'code' in error) {
      io.stderr(`sweep: ${error.message}\n${SWEEP_USAGE}`);
      return 2;
    }
    throw error;
  }
  const { sweepCommand } = await import('./command.js');
  return sweepCommand(argv, io);
}
