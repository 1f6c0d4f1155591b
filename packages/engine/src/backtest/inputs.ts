import {
  type CodedError,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  Decimal,
  increaseAmountForBudget,
  type LabBacktestConventions,
  MIN_INCREASE_AMOUNT_QUOTE,
  parseStrategyConfig,
  STRATEGY_TEMPLATES,
  type StrategyConfig,
  type StrategyTemplateId,
} from '@balancer/core';
import { parseDay } from '../market-data/day.js';
import { engineConventionsOf } from './convention-inputs.js';
import { type BacktestOptions, DEFAULT_BACKTEST_WINDOW } from './run-backtest.js';
import { DEFAULT_PROXY_CONFIG } from './strategy/proxies.js';

/**
 * The checks of a backtest's inputs, shared by the CLI's flags and the API's backtest jobs: each
 * caller names the input (`--fee`, `feePercent`) and the coded error a bad one gives.
 */
export type InvalidInput = (detail: string) => CodedError;

const DAY_MS = 24 * 3600 * 1000;
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** The default fee (percent) and starting cash (quote) of a backtest. */
export const BACKTEST_DEFAULTS = { feePercent: '0.1', startQuote: '10000' } as const;

/** A plain decimal string passing `check`, normalised; `fallback` when absent. */
function decimalInput(
  value: string | undefined,
  name: string,
  fallback: string,
  check: (d: Decimal) => boolean,
  rule: string,
  invalid: InvalidInput,
): string {
  if (value === undefined) return fallback;
  if (!PLAIN_DECIMAL.test(value) || !check(new Decimal(value)))
    throw invalid(`${name} must be ${rule}, got "${value}"`);
  return new Decimal(value).toFixed();
}

/** The fee in percent, 0–10 (default 0.1). */
export const feePercentInput = (value: string | undefined, name: string, invalid: InvalidInput) =>
  decimalInput(
    value,
    name,
    BACKTEST_DEFAULTS.feePercent,
    (d) => d.lte(10),
    'a percentage from 0 to 10',
    invalid,
  );

/** The starting cash in quote, > 0 (default 10000). */
export const startQuoteInput = (value: string | undefined, name: string, invalid: InvalidInput) =>
  decimalInput(
    value,
    name,
    BACKTEST_DEFAULTS.startQuote,
    (d) => d.gt(0),
    'an amount greater than 0',
    invalid,
  );

/** [fromMs, toMs) from the first and the last day included, each optional. */
export function dayRange(
  from: { value: string | undefined; name: string },
  to: { value: string | undefined; name: string },
  invalid: InvalidInput,
): { fromMs?: number; toMs?: number } {
  const fromMs = from.value === undefined ? undefined : parseDay(from.value, from.name, invalid);
  // `to` names the last day included.
  const toMs = to.value === undefined ? undefined : parseDay(to.value, to.name, invalid) + DAY_MS;
  if (fromMs !== undefined && toMs !== undefined && fromMs >= toMs) {
    throw invalid(`${from.name} ${from.value} is after ${to.name} ${to.value}`);
  }
  return { ...(fromMs === undefined ? {} : { fromMs }), ...(toMs === undefined ? {} : { toMs }) };
}

/**
 * A template's strategy (the default, Eager Scalper, without an id) with the budget advice of
 * docs/strategy.md#settings-and-templates: increase amount = starting cash ÷ 10, at least the
 * allowed minimum. Unknown ids are `invalid`.
 */
export function templateStrategy(
  id: string | undefined,
  quote: string,
  name: string,
  invalid: InvalidInput,
): { strategy: StrategyConfig; source: string } {
  const template =
    id === undefined
      ? DEFAULT_STRATEGY_CONFIG
      : Object.hasOwn(STRATEGY_TEMPLATES, id)
        ? STRATEGY_TEMPLATES[id as StrategyTemplateId]
        : undefined;
  if (template === undefined) {
    throw invalid(`${name} must be one of ${Object.keys(STRATEGY_TEMPLATES).join(', ')}, got "${id}"`);
  }
  const advised = Decimal.max(increaseAmountForBudget(quote), MIN_INCREASE_AMOUNT_QUOTE).toFixed();
  const strategy = parseStrategyConfig({ ...template, increaseAmountQuote: advised });
  const label = id === undefined ? 'default (Eager Scalper)' : `template ${id}`;
  return { strategy, source: `${label}, increase amount ${advised} = starting cash ÷ 10` };
}

/**
 * Backtest options from checked inputs, with the live window's and reversal's defaults; without
 * `conventions` (convention-inputs.ts), today's (DEFAULT_CONVENTIONS).
 */
export function backtestOptionsOf(inputs: {
  startQuote: string;
  feePercent: string;
  strategy: StrategyConfig;
  fromMs?: number;
  toMs?: number;
  liquidityCandles?: number;
  conventions?: LabBacktestConventions;
}): BacktestOptions {
  const { exchange, baselines } = engineConventionsOf(inputs.feePercent, inputs.conventions);
  const options: BacktestOptions = {
    startQuote: inputs.startQuote,
    exchange,
    conventions: baselines,
    strategy: inputs.strategy,
    window: DEFAULT_BACKTEST_WINDOW,
    reversal: DEFAULT_REVERSAL_CONFIG,
    proxies: { liquidityCandles: inputs.liquidityCandles ?? DEFAULT_PROXY_CONFIG.liquidityCandles },
  };
  if (inputs.fromMs !== undefined) options.fromMs = inputs.fromMs;
  if (inputs.toMs !== undefined) options.toMs = inputs.toMs;
  return options;
}

/**
 * The options of a template run (the default template when `template` is absent) with the
 * increase amount advised for `startQuote`, as the CLI's --template and the lab's `{template}`
 * build them: the benches, the sweep tests and the landing images' script start from it. An
 * unknown template is `invalid`'s error.
 */
export function templateOptions(
  inputs: { template?: string; startQuote: string; feePercent: string; fromMs?: number; toMs?: number },
  invalid: InvalidInput,
): { options: BacktestOptions; strategy: StrategyConfig } {
  const { template, ...rest } = inputs;
  const { strategy } = templateStrategy(template, inputs.startQuote, 'template', invalid);
  return { options: backtestOptionsOf({ ...rest, strategy }), strategy };
}
