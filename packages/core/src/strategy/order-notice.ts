import { toDecimal } from '../numbers/decimal.js';
import { formatBitcoin, formatDecimal, formatPercent } from '../numbers/format-amount.js';
import type { Position, Trade } from '../positions/types.js';
import type { StrategyConfig } from './config.js';
import { QUOTE_DECIMALS } from './constants.js';
import { describeOrderReason, type OrderReason, quoteText } from './order-reason.js';

/*
 * The words of the notifications about orders and positions (docs/notifications.md): one text for
 * the in-app list and Telegram alike, built here from the fills, the stored reason and the
 * position's figures. Amounts are shown in the market's own assets (₿ and the quote's code).
 */

/** A notification's words. */
export interface NoticeText {
  title: string;
  description: string;
}

export interface MarketAssetCodes {
  base: string;
  quote: string;
}

/** An executed order as its notification tells it. */
export interface OrderNoticeInput {
  transactionId: string;
  side: 'BUY' | 'SELL';
  /** The order's fills (core trades: commission in BASE, QUOTE or OTHER). */
  fills: readonly Trade[];
  reason: OrderReason | null;
  assets: MarketAssetCodes;
  /** A sell's realised profit (quote) and the position's ROI after it (%); null for a buy. */
  realisedProfit: string | null;
  roi: number | null;
}

function feeText(fills: readonly Trade[], assets: MarketAssetCodes): string {
  const sums = { BASE: toDecimal(0), QUOTE: toDecimal(0), OTHER: toDecimal(0) };
  for (const fill of fills) sums[fill.commissionAsset] = sums[fill.commissionAsset].plus(fill.commission);
  const parts: string[] = [];
  if (!sums.BASE.isZero()) parts.push(formatBitcoin(sums.BASE));
  if (!sums.QUOTE.isZero()) parts.push(quoteText(sums.QUOTE.toFixed(), assets.quote));
  if (!sums.OTHER.isZero()) parts.push(`${sums.OTHER.toFixed()} in another asset`);
  return parts.length === 0 ? 'no fee' : `fee ${parts.join(' + ')}`;
}

/** A signed quote amount: '+1.20 USDT', '-0.50 USDT'. */
export function signedQuoteText(value: string, quote: string): string {
  const sign = toDecimal(value).isNegative() ? '' : '+';
  return `${sign}${formatDecimal(value, { decimalPlaces: QUOTE_DECIMALS })} ${quote}`;
}

/**
 * "Bought ₿0.00150000 at 64,000.00 USDT for 96.00 USDT, fee 0.10 USDT." then the reason, then for a
 * sell its realised profit and the position's ROI. Several fills are summed, the price averaged.
 */
export function orderNotice(input: OrderNoticeInput): NoticeText {
  const { fills, assets, side } = input;
  const amount = fills.reduce((sum, fill) => sum.plus(fill.amount), toDecimal(0));
  const quote = fills.reduce((sum, fill) => sum.plus(fill.quoteAmount), toDecimal(0));
  const verb = side === 'BUY' ? 'Bought' : 'Sold';
  const lines: string[] = [];
  if (amount.isZero())
    lines.push(`${verb} nothing: the order has no fill (transaction ${input.transactionId}).`);
  else {
    const price = quote.div(amount).toFixed(QUOTE_DECIMALS);
    lines.push(
      `${verb} ${formatBitcoin(amount)} at ${quoteText(price, assets.quote)} for ${quoteText(quote.toFixed(), assets.quote)}, ${feeText(fills, assets)} (transaction ${input.transactionId}).`,
    );
  }
  lines.push(`Why: ${describeOrderReason(input.reason)}.`);
  if (side === 'SELL' && input.realisedProfit !== null) {
    const roi = input.roi === null ? '' : `; position ROI ${formatPercent(input.roi)}`;
    lines.push(`Realised profit ${signedQuoteText(input.realisedProfit, assets.quote)}${roi}.`);
  }
  return {
    title: 'Transaction succeeded',
    description: lines.join('\n'),
  };
}

/**
 * A sell's realised profit: what it received less its quote fee, less what the BTC it sold cost
 * at the position's entry price (a BASE fee is BTC the sell did not receive: counted as sold).
 */
export function realisedProfit(fills: readonly Trade[], entryPrice: string): string {
  let profit = toDecimal(0);
  for (const fill of fills) {
    const fee = toDecimal(fill.commission);
    const received = toDecimal(fill.quoteAmount).minus(fill.commissionAsset === 'QUOTE' ? fee : 0);
    const sold = toDecimal(fill.amount).plus(fill.commissionAsset === 'BASE' ? fee : 0);
    profit = profit.plus(received.minus(sold.times(entryPrice)));
  }
  return profit.toFixed(QUOTE_DECIMALS, 1);
}

/** '3 d 4 h', '2 h 5 min', '45 min' (whole minutes, the two largest units). */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** "Position 3 closed after 2 d 4 h: profit +12.30 USDT, ROI +1.46 % on 840.00 USDT invested." */
export function positionClosedNotice(id: string, position: Position, quote: string): NoticeText {
  const duration = position.close === null ? '' : ` after ${durationText(position.close - position.open)}`;
  return {
    title: 'Position closed',
    description: `Position ${id} closed${duration}: profit ${signedQuoteText(position.pnl, quote)}, ROI ${formatPercent(position.roi)} on ${quoteText(position.amountQuoteIn, quote)} invested.`,
  };
}

/** What applying a lab result to the live strategy is told with. */
export interface LabAppliedInput {
  resultId: number;
  /** The sweep's row (0-based rank) applied, or null for a backtest's settings. */
  row: number | null;
  dataSet: string;
  by: string;
  strategy: StrategyConfig;
  quote: string;
}

/**
 * "alice applied lab result 12 (row 3) to the live strategy: buys 100 USDT on a reversal event,
 * adds at gain ≤ −3 %, sells at levels 1.5 % / 3 % … (data set …)".
 */
export function labAppliedNotice(input: LabAppliedInput): NoticeText {
  const { strategy } = input;
  const which =
    input.row === null
      ? `lab result ${input.resultId}`
      : `row ${input.row + 1} of lab sweep ${input.resultId}`;
  const levels = strategy.decreaseLevels
    .map((level) => `${level.gainRequirement} % (sell ${level.percentage} %)`)
    .join(', ');
  return {
    title: 'Live strategy replaced from the lab',
    description: `${input.by} applied ${which} (data set ${input.dataSet}) to the live strategy. It now buys ${quoteText(strategy.increaseAmountQuote, input.quote)} on a reversal event${strategy.canIncrease ? '' : ' (increases off)'}, adds at a gain ≤ ${strategy.increaseGainRequirement} %, and sells at gains of ${levels}${strategy.canDecrease ? '' : ' (decreases off)'}.`,
  };
}
