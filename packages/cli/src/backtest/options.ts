import { readFileSync } from 'node:fs';
import {
  CodedError,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  Decimal,
  increaseAmountForBudget,
  MIN_INCREASE_AMOUNT_QUOTE,
  parseStrategyConfig,
  STRATEGY_TEMPLATES,
  type StrategyConfig,
  type StrategyTemplateId,
} from '@balancer/core';
import {
  type BacktestOptions,
  DEFAULT_BACKTEST_WINDOW,
  DEFAULT_PROXY_CONFIG,
  parseExchangeConfig,
} from '@balancer/engine';
import type { CliArgs } from './args.js';

const DAY_MS = 24 * 3600 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

const invalid = (detail: string) => new CodedError('BACKTEST_INVALID_FLAG', detail);

/** `YYYY-MM-DD` → ms at 00:00 UTC, or a BACKTEST_INVALID_FLAG error naming the flag. */
export function parseDay(value: string, flag: string): number {
  const match = DATE.exec(value);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw invalid(`${flag} must be a date YYYY-MM-DD, got "${value}"`);
  }
  return ms;
}

function decimalFlag(
  value: string | undefined,
  flag: string,
  fallback: string,
  check: (d: Decimal) => boolean,
  rule: string,
) {
  if (value === undefined) return fallback;
  if (!PLAIN_DECIMAL.test(value) || !check(new Decimal(value)))
    throw invalid(`${flag} must be ${rule}, got "${value}"`);
  return new Decimal(value).toFixed();
}

/** The strategy from --config (a StrategyConfig JSON file), --template, or the default. */
function strategyOf(args: CliArgs, quote: string): { strategy: StrategyConfig; source: string } {
  if (args.config !== undefined && args.template !== undefined)
    throw invalid('use --config or --template, not both');
  if (args.config !== undefined) {
    let input: unknown;
    try {
      input = JSON.parse(readFileSync(args.config, 'utf8'));
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new CodedError('BACKTEST_CONFIG_UNREADABLE', `${args.config}: ${reason}`);
    }
    return { strategy: parseStrategyConfig(input), source: `file ${args.config}` };
  }
  const id = args.template as StrategyTemplateId | undefined;
  const template = id === undefined ? DEFAULT_STRATEGY_CONFIG : STRATEGY_TEMPLATES[id];
  if (template === undefined) {
    throw invalid(
      `--template must be one of ${Object.keys(STRATEGY_TEMPLATES).join(', ')}, got "${args.template}"`,
    );
  }
  // Budget advice (docs/strategy.md#settings-and-templates): increase amount = budget ÷ 10, at
  // least the allowed minimum.
  const advised = Decimal.max(increaseAmountForBudget(quote), MIN_INCREASE_AMOUNT_QUOTE).toFixed();
  const strategy = parseStrategyConfig({ ...template, increaseAmountQuote: advised });
  const name = id === undefined ? 'default (Eager Scalper)' : `template ${id}`;
  return { strategy, source: `${name}, increase amount ${advised} = starting cash ÷ 10` };
}

/** Turns the flags into validated backtest options. Every problem is a coded error. */
export function resolveOptions(args: CliArgs): { options: BacktestOptions; strategySource: string } {
  const fee = decimalFlag(args.fee, '--fee', '0.1', (d) => d.lte(10), 'a percentage from 0 to 10');
  const quote = decimalFlag(args.quote, '--quote', '10000', (d) => d.gt(0), 'an amount greater than 0');
  const fromMs = args.from === undefined ? undefined : parseDay(args.from, '--from');
  // --to names the last day included.
  const toMs = args.to === undefined ? undefined : parseDay(args.to, '--to') + DAY_MS;
  if (fromMs !== undefined && toMs !== undefined && fromMs >= toMs) {
    throw invalid(`--from ${args.from} is after --to ${args.to}`);
  }
  let liquidityCandles = DEFAULT_PROXY_CONFIG.liquidityCandles;
  if (args.liquidityCandles !== undefined) {
    liquidityCandles = Number(args.liquidityCandles);
    if (!/^\d+$/.test(args.liquidityCandles) || liquidityCandles < 1 || liquidityCandles > 96) {
      throw invalid(`--liquidity-candles must be an integer from 1 to 96, got "${args.liquidityCandles}"`);
    }
  }
  const { strategy, source } = strategyOf(args, quote);
  const options: BacktestOptions = {
    startQuote: quote,
    exchange: parseExchangeConfig({ feePercent: fee }),
    strategy,
    window: DEFAULT_BACKTEST_WINDOW,
    reversal: DEFAULT_REVERSAL_CONFIG,
    proxies: { liquidityCandles },
  };
  if (fromMs !== undefined) options.fromMs = fromMs;
  if (toMs !== undefined) options.toMs = toMs;
  return { options, strategySource: source };
}
