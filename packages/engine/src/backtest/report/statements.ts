import { intervalLabel } from '../../market-data/candle-table.js';
import type { BacktestOptions } from '../run-backtest.js';
import { proxyStatement } from '../strategy/proxies.js';
import type { BacktestReport } from './report-types.js';

/** The plain-language statement of every assumption a backtest makes (shown in every report). */
export function assumptions(
  options: BacktestOptions,
  intervalMs: number,
  weeklyAmount: string,
): BacktestReport['assumptions'] {
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
