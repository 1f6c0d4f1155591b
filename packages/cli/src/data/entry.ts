import { parseDataArgs } from './args.js';
import type { DataIo } from './command.js';
import { DATA_USAGE } from './usage.js';

/**
 * `npm run cli -- data …`: answers --help, no action and a bad flag from the flags and the usage
 * alone, and loads the engine and the lab's listing (command.ts) only to run an action.
 */
export async function dataEntry(argv: readonly string[], io: DataIo): Promise<number> {
  let help: boolean;
  let action: string | undefined;
  try {
    const { values, positionals } = parseDataArgs(argv);
    help = values.help === true;
    action = positionals[0];
  } catch (error) {
    if (error instanceof TypeError && 'code' in error) {
      io.stderr(`${error.message}\n${DATA_USAGE}`);
      return 2;
    }
    throw error;
  }
  if (help || action === undefined) {
    io.stdout(DATA_USAGE);
    return help ? 0 : 2;
  }
  const { dataCommand } = await import('./command.js');
  return dataCommand(argv, io);
}
