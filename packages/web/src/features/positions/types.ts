/*
 * The trading API's shapes as the web app reads them (docs/trading-api.md). Money is a decimal
 * string (BTC 8 dp, quote 2 dp); gain and roi are percentages with 2 dp; times are epoch ms.
 */

/** An increase, or one sell of a decrease level. */
export interface PositionAction {
  txID: string;
  eventTime: number;
  /** When the next action of the same kind (or level) may happen; null when not limited. */
  nextEventTime: number | null;
}

export interface PositionRecord {
  id: number;
  open: number;
  close: number | null;
  archived: boolean;
  /** The price the figures were computed at (quote per BTC). */
  price: string;
  entry_price: string;
  gain: number;
  amount: string;
  amount_quote: string;
  amount_quote_in: string;
  amount_quote_out: string;
  pnl: string;
  roi: number;
  increase_actions: PositionAction[];
  /** One list per decrease level. */
  decrease_actions: PositionAction[][];
  /** The price of each decrease level, in the same order. */
  decrease_price_levels: string[];
}

export interface TradeRecord {
  id: number;
  exchange_trade_id: string | null;
  position_id: number | null;
  transaction_id: number | null;
  side: 'BUY' | 'SELL';
  time: number;
  price: string;
  amount: string;
  quote_amount: string;
  commission: string;
  commission_asset: 'BASE' | 'QUOTE' | 'OTHER';
  source: 'exchange' | 'manual';
  order_id: string | null;
  client_order_id: string | null;
}

/** Minute candles of a position's life as parallel arrays (`id`: minute open times in ms). */
export interface EventHistory {
  id: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
}
