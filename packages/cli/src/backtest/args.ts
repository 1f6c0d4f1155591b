import { parseArgs } from 'node:util';
import { CodedError } from '@balancer/core/errors';

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
  lotDecimals?: string;
  minOrderBase?: string;
  minNotional?: string;
  cadence?: string;
  weekday?: string;
  monthDay?: string;
  hour?: string;
  contribution?: string;
  baselines?: string;
  irr?: string;
  periodsPerYear?: string;
  json: boolean;
  /** Write report.json and report.html to the default folder (--out names another one). */
  report: boolean;
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
  'lot-decimals': 'lotDecimals',
  'min-order': 'minOrderBase',
  'min-notional': 'minNotional',
  cadence: 'cadence',
  weekday: 'weekday',
  'month-day': 'monthDay',
  hour: 'hour',
  contribution: 'contribution',
  baselines: 'baselines',
  irr: 'irr',
  'periods-per-year': 'periodsPerYear',
} as const satisfies Record<string, Exclude<keyof CliArgs, 'json' | 'report' | 'help'>>;

const OPTIONS = {
  ...Object.fromEntries(Object.keys(VALUE_FLAGS).map((flag) => [flag, { type: 'string', multiple: true }])),
  json: { type: 'boolean', multiple: true },
  report: { type: 'boolean', multiple: true },
  help: { type: 'boolean', short: 'h', multiple: true },
} as const;

export const USAGE = `Usage: npm run backtest -- [--data file.csv[.gz]] [--from YYYY-MM-DD] [--to YYYY-MM-DD]
  [--fee 0.1] [--quote 10000] [--config strategy.json | --template EAGER_SCALPER] [--liquidity-candles 1]
  [--lot-decimals 5] [--min-order 0.0002] [--min-notional 10]
  [--cadence daily|weekly|monthly] [--weekday monday] [--month-day 1] [--hour 0] [--contribution 200]
  [--baselines buy-and-hold,dca,value-averaging,value-averaging-no-sell|none]
  [--irr xirr|periodic] [--periods-per-year 52] [--json] [--report | --out dir]

Simulated exchange:
  --fee <percent>            fee on every order's quote value, 0–10 (default 0.1)
  --lot-decimals <n>         decimal places of an order's BTC amount, 0–8 (default 5)
  --min-order <btc>          smallest order in BTC, 0 for a theoretical run (default 0.0002)
  --min-notional <quote>     smallest order value in quote, 0 allowed (default 10)
Baselines (DCA and value averaging contribute on each date):
  --cadence <c>              daily, weekly or monthly (default weekly)
  --weekday <day>            weekly on this day, monday…sunday (default: every 7 days from the start)
  --month-day <1-28>         monthly on this day (default: the start's day)
  --hour <0-23>              at this UTC hour (default: the start's time; with --weekday or
                             --month-day alone, 00:00)
  --contribution <quote>     quote per date (default: starting cash ÷ dates, 2 dp down)
  --baselines <list>         which to run, comma-separated, or none (default: all four)
IRR:
  --irr xirr                 flows on their actual days, 365-day year (default)
  --irr periodic             flows at whole periods, compounded --periods-per-year times a year
  --periods-per-year <n>     1–365, fractions allowed (52.1775 = 365.2425/7); default the cadence's
Output (the summary, or the whole report with --json, on standard output):
  --report                   also write report.json and report.html to backtests/<data>-<from>-<to>/
  --out <dir>                also write them to this folder
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
 * value given to --json/--report/--help, is BACKTEST_INVALID_FLAG.
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
  const args: CliArgs = {
    json: values.json !== undefined,
    report: values.report !== undefined,
    help: values.help !== undefined,
  };
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
