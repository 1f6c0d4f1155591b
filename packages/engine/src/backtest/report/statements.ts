import { intervalLabel } from '../../market-data/candle-table.js';
import type { BacktestOptions } from '../run-backtest.js';
import { proxyStatement } from '../strategy/proxies.js';
import type { BacktestReport, ReportConventions } from './report-types.js';

/** The plain-language statement of every assumption a backtest makes (shown in every report). */
export function assumptions(
  options: BacktestOptions,
  intervalMs: number,
  weeklyAmount: string,
): Omit<BacktestReport['assumptions'], 'conventions'> {
  const interval = intervalLabel(intervalMs);
  const { exchange, window } = options;
  return {
    ...proxyStatement(options.proxies, interval),
    fills:
      "Orders decided at a candle's close fill in full at the next candle's open (the same instant " +
      'when candles have no gap), with no slippage. Fee ' +
      `${exchange.feePercent} % of the quote value, paid in quote on buys and sells. Orders need ` +
      `≥ ${exchange.minOrderBase} BTC and ≥ ${exchange.minNotional} quote, in steps of ` +
      `${(10 ** -exchange.lotDecimals).toFixed(exchange.lotDecimals)} BTC; a buy is trimmed to what the cash pays ` +
      'for at the fill price. A decision on the last candle is not filled.',
    window:
      `The window uses the data's own ${interval} candles (size ${window.size}, requirement ` +
      `${window.requirement} %, strong ${window.strongRequirement} %) and is evaluated once per candle ` +
      'at its close (live: every few seconds on the forming candle). Earlier candles of the file ' +
      `warm it up; without them the first ${window.size - 1} candles make no decisions.`,
    baselines:
      'Same candles, cash, fee and minimums. Buy-and-hold spends all cash at the first open. DCA ' +
      `spends ${weeklyAmount} (starting cash ÷ weekly dates) at each weekly date's open. Value ` +
      `averaging aims the BTC holding's value at ${weeklyAmount} × (k + 1) at week k, buying the ` +
      'shortfall (as far as cash allows) and selling the excess. Equity = cash + BTC × close; ' +
      'IRR = annualised XIRR of the fills plus the final BTC value at the end; drawdown is of equity.',
  };
}

/**
 * The conventions in words: when DCA and value averaging contribute, which baselines ran, what
 * cost per BTC means, and the IRR convention (named in every report).
 */
export function conventionsStatement(conventions: ReportConventions): string {
  const { contributions, baselines, irr } = conventions;
  const dates = `${contributions.dates} ${contributions.dates === 1 ? 'date' : 'dates'}`;
  const amount = contributions.amountGiven
    ? `${contributions.amount} (as given)`
    : `${contributions.amount} (starting cash ÷ ${dates})`;
  return (
    `Contributions: ${contributions.cadence}, ${contributions.schedule}` +
    `${contributions.weekday === null && contributions.monthDay === null && contributions.hour === null ? ' from the first candle' : ''}` +
    ` (the first candle opening at or after each date; a gap longer than a period skips the dates in it), ` +
    `${dates}, ${amount} each. Baselines: ${baselines.length === 0 ? 'none' : baselines.join(', ')}. ` +
    'Value averaging without selling buys the shortfall like value averaging but never sells the excess. ' +
    'Net invested = buys with fees − sells after fees; cost per BTC = net invested ÷ BTC held at the end ' +
    '(n/a with no BTC; negative when sells took out more than buys put in). ' +
    `IRR convention: ${irr.statement}.`
  );
}
