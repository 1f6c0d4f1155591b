import { parseArgs } from 'node:util';
import { CodedError } from '@balancer/core';

/** The backtest command's flags, as typed (values still strings; see options.ts). */
export interface CliArgs {
  data?: string;
  from?: string;
  to?: string;
  fee?: string;
  config?: string;
  template?: string;
  quote?: string;
  out?: string;
  liquidityCandles?: string;
  json: boolean;
  help: boolean;
}

/** Flags that take a value: command-line name → CliArgs key. */
const VALUE_FLAGS = {
  data: 'data',
  from: 'from',
  to: 'to',
  fee: 'fee',
  config: 'config',
  template: 'template',
  quote: 'quote',
  out: 'out',
  'liquidity-candles': 'liquidityCandles',
} as const satisfies Record<string, Exclude<keyof CliArgs, 'json' | 'help'>>;

const OPTIONS = {
  ...Object.fromEntries(Object.keys(VALUE_FLAGS).map((flag) => [flag, { type: 'string', multiple: true }])),
  json: { type: 'boolean', multiple: true },
  help: { type: 'boolean', short: 'h', multiple: true },
} as const;

export const USAGE = `Usage: npm run backtest -- [--data file.csv[.gz]] [--from YYYY-MM-DD] [--to YYYY-MM-DD]
  [--fee 0.1] [--quote 10000] [--config strategy.json | --template EAGER_SCALPER] [--liquidity-candles 1]
  [--json] [--out dir]
See docs/backtesting.md.`;

/** node:util's error codes for a flag it does not know, or a value where none belongs. */
const UNKNOWN = new Set(['ERR_PARSE_ARGS_UNKNOWN_OPTION', 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL']);

/** The word node:util names in its message (`Unknown option '--bogus'`, `Unexpected argument 'x'`). */
function namedWord(error: Error, argv: readonly string[]): string {
  const quoted = /'([^' ]+)/.exec(error.message)?.[1];
  return quoted ?? argv.find((word) => !word.startsWith('--')) ?? argv[0] ?? '';
}

/**
 * `--flag value` as `--flag=value` for the flags that take one, unless the next word is another
 * `--flag`: node:util would refuse a value such as `-1` as ambiguous, and the options' own checks
 * give the clearer message (`--fee must be a percentage from 0 to 10, got "-1"`).
 */
function joinValues(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const next = argv[i + 1];
    if (
      word.slice(2) in VALUE_FLAGS &&
      word.startsWith('--') &&
      next !== undefined &&
      !next.startsWith('--')
    ) {
      joined.push(`${word}=${next}`);
      i++;
    } else joined.push(word);
  }
  return joined;
}

/**
 * Reads `--flag value` and `--flag=value` pairs with node:util's parseArgs. Anything not listed
 * (including positional words) is BACKTEST_UNKNOWN_FLAG; a missing, empty or repeated value, or a
 * value given to --json/--help, is BACKTEST_INVALID_FLAG.
 */
export function parseBacktestArgs(argv: readonly string[]): CliArgs {
  let values: Record<string, (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: joinValues(argv),
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }) as {
      values: Record<string, (string | boolean)[] | undefined>;
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const word = namedWord(error as Error, argv);
    if (UNKNOWN.has(code)) throw new CodedError('BACKTEST_UNKNOWN_FLAG', `${word} (try --help)`);
    const flag = word.split('=')[0];
    const problem = /does not take an argument/.test((error as Error).message)
      ? 'takes no value'
      : 'needs a value';
    throw new CodedError('BACKTEST_INVALID_FLAG', `${flag} ${problem}`);
  }
  const args: CliArgs = { json: values.json !== undefined, help: values.help !== undefined };
  for (const [flag, key] of Object.entries(VALUE_FLAGS)) {
    const given = values[flag] as string[] | undefined;
    if (given === undefined) continue;
    if (given.length > 1) throw new CodedError('BACKTEST_INVALID_FLAG', `--${flag} given twice`);
    const value = given[0]!;
    if (value === '' || value.startsWith('--'))
      throw new CodedError('BACKTEST_INVALID_FLAG', `--${flag} needs a value`);
    args[key] = value;
  }
  return args;
}
