import type { CcxtExchangeId } from '../ccxt/config.js';

/** What Balancer can do with one exchange (the README's table is generated from this list). */
export interface ExchangeCapabilities {
  /** ccxt id, or 'simulator'. */
  id: CcxtExchangeId | 'simulator';
  /** Market data: candles, order book, tickers. */
  marketData: boolean;
  /** Paper trading: live data, simulated fills (adapters/paper). */
  paper: boolean;
  /** Real orders through ccxt: only where the adapter is tested end to end. */
  liveTrading: boolean;
  /** Websocket streams ccxt has for it (used with `streams: true`; REST otherwise). */
  streams: readonly ('orderBook' | 'tickers' | 'candles')[];
  /** The market used when none is configured. */
  defaultSymbol: string;
  note: string;
}

/**
 * The supported exchanges. Live trading is enabled where the adapter is proven against a local
 * stand-in that checks the exchange's own signatures (testing/binance-server, kraken-server, okx-server, bitfinex-server):
 * the engine's order, trade-sync and reconciliation suites and the kill -9 suite run on it. The
 * others are market data (and paper trading) through ccxt until they reach the same proof. Stream support
 * is what ccxt 4.5's `has` reports for watchOrderBook / watchTickers / watchOHLCV.
 */
export const SUPPORTED_EXCHANGES: readonly ExchangeCapabilities[] = [
  {
    id: 'simulator',
    marketData: true,
    paper: false,
    liveTrading: false,
    streams: [],
    defaultSymbol: 'BTC/USDT',
    note: 'replay of real Binance BTC/USDT 15 m candles; synthetic book and altcoins; simulated account',
  },
  {
    id: 'binance',
    marketData: true,
    paper: true,
    liveTrading: true,
    streams: ['orderBook', 'tickers', 'candles'],
    defaultSymbol: 'BTC/USDT',
    note: 'complete: window, liquidity, coins and trading',
  },
  {
    id: 'bitfinex',
    marketData: true,
    paper: true,
    liveTrading: true,
    streams: ['orderBook', 'candles'],
    defaultSymbol: 'BTC/USD',
    note: "complete: BTC/USD, USDT or EUR; a buy's fee in BTC; orders found by cid in the history",
  },
  {
    id: 'kraken',
    marketData: true,
    paper: true,
    liveTrading: true,
    streams: ['orderBook', 'tickers', 'candles'],
    defaultSymbol: 'BTC/USD',
    note: 'complete: BTC/USD, USDT, USDC or EUR; fee in the quote asset',
  },
  {
    id: 'coinbase',
    marketData: true,
    paper: true,
    liveTrading: true,
    streams: ['orderBook', 'tickers'],
    defaultSymbol: 'BTC/USD',
    note: 'complete: BTC/USD, USDC, USDT or EUR; key name and EC key; fee in the quote asset',
  },
  {
    id: 'okx',
    marketData: true,
    paper: true,
    liveTrading: true,
    streams: ['orderBook', 'tickers', 'candles'],
    defaultSymbol: 'BTC/USDT',
    note: "complete: BTC/USDT, USDC or EUR; key, secret and passphrase; a buy's fee in BTC",
  },
];

/** The capabilities of `id`; undefined for an unsupported one. */
export function capabilitiesOf(id: string): ExchangeCapabilities | undefined {
  return SUPPORTED_EXCHANGES.find((exchange) => exchange.id === id);
}
