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

/** Flags that take a value, by their command-line name. */
const VALUE_FLAGS: Record<string, Exclude<keyof CliArgs, 'json' | 'help'>> = {
  '--data': 'data',
  '--from': 'from',
  '--to': 'to',
  '--fee': 'fee',
  '--config': 'config',
  '--template': 'template',
  '--quote': 'quote',
  '--out': 'out',
  '--liquidity-candles': 'liquidityCandles',
};

export const USAGE = `Usage: npm run backtest -- [--data file.csv[.gz]] [--from YYYY-MM-DD] [--to YYYY-MM-DD]
  [--fee 0.1] [--quote 10000] [--config strategy.json | --template EAGER_SCALPER] [--liquidity-candles 1]
  [--json] [--out dir]
See docs/backtesting.md.`;

/**
 * Reads `--flag value` and `--flag=value` pairs. Throws BACKTEST_UNKNOWN_FLAG for anything not
 * listed (including positional words) and BACKTEST_INVALID_FLAG for a missing or repeated value.
 */
export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { json: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const eq = word.indexOf('=');
    const flag = word.startsWith('--') && eq > 0 ? word.slice(0, eq) : word;
    if (flag === '--json' || flag === '--help' || flag === '-h') {
      if (eq > 0 && word.startsWith('--'))
        throw new CodedError('BACKTEST_INVALID_FLAG', `${flag} takes no value`);
      if (flag === '--json') args.json = true;
      else args.help = true;
      continue;
    }
    const key = VALUE_FLAGS[flag];
    if (key === undefined) throw new CodedError('BACKTEST_UNKNOWN_FLAG', `${word} (try --help)`);
    const value = eq > 0 && word.startsWith('--') ? word.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--'))) {
      throw new CodedError('BACKTEST_INVALID_FLAG', `${flag} needs a value`);
    }
    if (args[key] !== undefined) throw new CodedError('BACKTEST_INVALID_FLAG', `${flag} given twice`);
    args[key] = value;
  }
  return args;
}
