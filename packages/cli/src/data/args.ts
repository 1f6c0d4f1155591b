import { parseArgs } from 'node:util';

/** `data`'s flags (entry.ts reads them to answer --help, command.ts to run). */
export const DATA_FLAGS = {
  exchange: { type: 'string' },
  timeframe: { type: 'string' },
  since: { type: 'string' },
  symbol: { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** The flags and positionals of `data …` (node's parseArgs: a TypeError with a code on a bad flag). */
export function parseDataArgs(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: DATA_FLAGS, strict: true, allowPositionals: true });
}
