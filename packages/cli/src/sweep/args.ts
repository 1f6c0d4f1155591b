import { parseArgs } from 'node:util';

/** `sweep`'s flags (entry.ts reads them to answer --help, command.ts to run). */
export const SWEEP_FLAGS = {
  param: { type: 'string', multiple: true },
  random: { type: 'string' },
  seed: { type: 'string' },
  metric: { type: 'string' },
  train: { type: 'string' },
  top: { type: 'string' },
  threads: { type: 'string' },
  'walk-forward': { type: 'string' },
  json: { type: 'boolean' },
  data: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  fee: { type: 'string' },
  quote: { type: 'string' },
  template: { type: 'string' },
  config: { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** The flags of `sweep …` (node's parseArgs: a TypeError with a code on a bad flag). */
export function parseSweepArgs(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: SWEEP_FLAGS, strict: true, allowPositionals: false });
}
