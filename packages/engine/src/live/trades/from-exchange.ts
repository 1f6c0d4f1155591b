import type { Trade } from '@balancer/core';
import type { ExchangeTrade } from '../../ports/exchange.js';

/** The traded market's assets, e.g. { base: 'BTC', quote: 'USDT' }. */
export interface MarketAssets {
  base: string;
  quote: string;
  /** Fee rate a buy pays in the quote asset (Kraken, Coinbase); absent where it is taken in BTC. */
  quoteFeeRate?: string;
}

/**
 * An exchange trade as core's Trade: the commission asset becomes BASE or QUOTE when it is the
 * market's, else OTHER (e.g. BNB, which a position's accounting does not count). For stores.
 */
export function tradeFromExchange(trade: ExchangeTrade, assets: MarketAssets): Trade {
  const commissionAsset =
    trade.commissionAsset === assets.base
      ? 'BASE'
      : trade.commissionAsset === assets.quote
        ? 'QUOTE'
        : 'OTHER';
  return {
    id: trade.id,
    side: trade.side,
    time: trade.time,
    price: trade.price,
    amount: trade.amount,
    quoteAmount: trade.quoteAmount,
    commission: trade.commission,
    commissionAsset,
  };
}
