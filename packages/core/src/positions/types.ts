/** A fill on the exchange (the source of truth for positions). Amounts are decimal strings. */
export interface Trade {
  id: string;
  side: 'BUY' | 'SELL';
  /** Fill time, epoch ms. */
  time: number;
  /** Quote per BTC. */
  price: string;
  /** BTC filled. */
  amount: string;
  /** Quote paid (buy) or received (sell), before any quote commission. */
  quoteAmount: string;
  commission: string;
  /** BASE commissions reduce the BTC held, QUOTE ones the quote result; OTHER (e.g. BNB) are not counted. */
  commissionAsset: 'BASE' | 'QUOTE' | 'OTHER';
}

/** What the engine did and when; kept by the caller, passed back in. Times are epoch ms. */
export interface PositionAction {
  txID: string;
  eventTime: number;
  /** When the next increase (increase actions) or this level's next sell (decrease actions) may happen. */
  nextEventTime: number | null;
}

export interface PositionActions {
  increases: PositionAction[];
  /** One list per decrease level, always 5. */
  decreases: PositionAction[][];
}

/**
 * A position computed from its trades (docs/strategy.md#positions). BTC figures have 8 dp, prices and quote
 * figures 2 dp, percentages are plain numbers with 2 dp.
 */
export interface Position {
  /** Time of the first buy (ms). */
  open: number;
  /** Time of the sell that left less than MIN_ORDER_BASE, or null while active. */
  close: number | null;
  entryPrice: string;
  /** BTC held. */
  amount: string;
  /** amount × price (quote). */
  amountQuote: string;
  amountQuoteIn: string;
  amountQuoteOut: string;
  /** amountQuote + amountQuoteOut − amountQuoteIn, exactly, from the rounded figures. */
  pnl: string;
  roi: number;
  gain: number;
  /** Price at which each decrease level becomes active. */
  decreasePriceLevels: string[];
  actions: PositionActions;
}
