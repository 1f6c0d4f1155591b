import { type ChartMarker, SELL_COLOR, tradeMarker } from '../../lib/chart/markers';
import { DECREASE_COLORS } from './state-colors';

/** Price line defaults: 2 px wide, dashed (lightweight-charts' LineStyle.Dashed). */
export const PRICE_LINE_WIDTH = 2;
export const PRICE_LINE_STYLE = 2;

/** A trade as GET /position/record/trades/:id answers it (only the fields the chart uses). */
export interface TradeView {
  id: number;
  side: 'BUY' | 'SELL';
  /** Epoch ms. */
  time: number;
  price: string;
}

export interface ChartPriceLine {
  id: string;
  price: number;
  color: string;
  title: string;
  lineWidth: number;
  lineStyle: number;
  axisLabelVisible: boolean;
}

/**
 * One marker per trade: buys below the bar with an up arrow, sells above with a down
 * arrow. Each sits on the candle that holds it (`intervalMs` wide); trades older than the window's
 * first candle are left out (the chart cannot place them), and the list is in time order.
 */
export function buildMarkers(
  trades: readonly TradeView[],
  firstCandleMs: number,
  intervalMs: number,
): ChartMarker[] {
  return trades
    .filter((trade) => trade.time >= firstCandleMs)
    .map((trade) => ({ trade, candleMs: trade.time - ((trade.time - firstCandleMs) % intervalMs) }))
    .sort((a, b) => a.candleMs - b.candleMs)
    .map(({ trade, candleMs }) => tradeMarker(trade.side, candleMs / 1000));
}

/**
 * The decrease levels as price lines: the plan's level prices when it has them (they follow the
 * current strategy), else the position's `decrease_price_levels`. Prices are display-only numbers.
 */
export function buildPriceLines(
  planLevels: readonly { price: string }[] | undefined,
  positionLevels: readonly string[] | undefined,
): ChartPriceLine[] {
  const prices = planLevels?.length ? planLevels.map((level) => level.price) : (positionLevels ?? []);
  return prices.map((price, i) => ({
    id: `decrease-level-${i + 1}`,
    price: Number(price),
    color: DECREASE_COLORS[Math.min(2, Math.floor(i / 2))] ?? SELL_COLOR,
    title: `Level ${i + 1}`,
    lineWidth: PRICE_LINE_WIDTH,
    lineStyle: PRICE_LINE_STYLE,
    axisLabelVisible: true,
  }));
}
