import { type BinanceServer, startBinanceServer } from '@balancer/engine/testing';
import { type KrakenServer, krakenLedger, startKrakenServer } from '@balancer/engine/testing/kraken';
import {
  binanceLiveEnv,
  bitfinexLiveEnv,
  coinbaseLiveEnv,
  flatCandles,
  kitLedger,
  krakenLiveEnv,
  okxLiveEnv,
  STAND_IN_RATE_LIMIT,
  startBitfinexServer,
  startCoinbaseServer,
  startOkxServer,
} from '@balancer/engine/testing/stand-ins';

const FIFTEEN_MINUTES = 15 * 60_000;
/** The flat market of the crash test: every candle and the book sit around this price (USDT). */
export const CRASH_PRICE = '30000';

/** An exchange trade as the crash ledger compares it. */
export interface CrashTrade {
  id: string;
  side: 'BUY' | 'SELL';
  amount: string;
  commission: string;
  commissionInBase: boolean;
}

/**
 * One exchange's stand-in as the crash suite drives it: the crash children's environment, the
 * request log the kill points watch ('place' is the order placement, 'lookup' a look-up by client
 * id), and the orders, trades and BTC balance the ledger is checked against. Both stand-ins accept a
 * repeated client order id once the first order is filled (as the real exchanges do: Binance and
 * Kraken check uniqueness among OPEN orders only), so a double placement shows up as two orders.
 */
export interface CrashVenue {
  id: 'binance' | 'kraken' | 'okx' | 'bitfinex' | 'coinbase';
  env: Record<string, string>;
  requests(): ReadonlyArray<{ method: string; path: string }>;
  isOrderRequest(request: { method: string; path: string }, kind: 'place' | 'lookup'): boolean;
  orders(): Array<{ clientOrderId: string; side: 'BUY' | 'SELL' }>;
  trades(): CrashTrade[];
  baseBalance(): string | undefined;
  close(): Promise<void>;
}

/**
 * A venue whose next order placement can be held (the cluster failover test): carried out at the
 * stand-in, its answer never sent, until the client gives up or the connections drop.
 */
export interface HoldingVenue extends CrashVenue {
  /** The next order placement is executed and its answer held (the stand-in's `timeout` fault). */
  holdNextPlacement(): void;
  /** Ends every open connection to the stand-in (a network drop): a held placement's client sees a reset. */
  dropConnections(): void;
}

/** 130 flat 15 m candles up to the current one (the default window is 128). */
const flatMarket = () => flatCandles(CRASH_PRICE, FIFTEEN_MINUTES, 130);

/** 100,000 USDT pays for ~1,000 increases of the default 100 USDT; the account starts with no BTC. */
const BALANCES = { USDT: '100000', BTC: '0' };

/** The crash test's Binance stand-in itself (the in-flight and cluster tests drive it directly). */
export async function startCrashExchange(): Promise<BinanceServer> {
  const server = await startBinanceServer({ duplicateClientOrderIds: 'allow', balances: BALANCES });
  server.state.setCandles('BTCUSDT', '15m', flatMarket());
  return server;
}

/** The crash venue of a Binance stand-in. */
export function binanceVenue(server: BinanceServer): HoldingVenue {
  return {
    id: 'binance',
    env: binanceLiveEnv(server),
    requests: () => server.state.requests,
    isOrderRequest: (r, kind) =>
      r.path === '/api/v3/order' && r.method === (kind === 'place' ? 'POST' : 'GET'),
    orders: () => server.state.orders,
    trades: () =>
      server.state.trades.map((t) => ({
        id: String(t.id),
        side: t.isBuyer ? 'BUY' : 'SELL',
        amount: t.qty,
        commission: t.commission,
        commissionInBase: t.commissionAsset === 'BTC',
      })),
    baseBalance: () => server.state.balances.BTC?.free,
    holdNextPlacement: () => server.state.inject('POST /api/v3/order', { kind: 'timeout', execute: true }),
    dropConnections: () => server.dropConnections(),
    close: () => server.close(),
  };
}

async function binance(): Promise<HoldingVenue> {
  return binanceVenue(await startCrashExchange());
}

async function kraken(): Promise<HoldingVenue> {
  const server: KrakenServer = await startKrakenServer({ balances: BALANCES });
  server.state.setCandles('XBTUSDT', 15, flatMarket());
  return {
    id: 'kraken',
    // The stand-in has no limits of its own; Kraken's are 1 s a ccxt cost unit.
    env: { ...krakenLiveEnv(server), QUOTE_ASSET: 'USDT', ...STAND_IN_RATE_LIMIT },
    requests: () => server.state.requests,
    isOrderRequest: (r, kind) =>
      kind === 'place'
        ? r.path === '/0/private/AddOrder'
        : r.path === '/0/private/OpenOrders' || r.path === '/0/private/ClosedOrders',
    ...krakenLedger(server.state),
    baseBalance: () => server.state.balances.XXBT,
    holdNextPlacement: () => server.state.inject('AddOrder', { kind: 'timeout', execute: true }),
    dropConnections: () => server.dropConnections(),
    close: () => server.close(),
  };
}

async function okx(): Promise<CrashVenue> {
  // A repeated clOrdId places a second order here (OKX refuses it), so a double placement shows.
  const server = await startOkxServer({ balances: BALANCES, duplicateClientIds: 'allow' });
  server.state.account.setCandles('BTC/USDT', '15m', flatMarket());
  return {
    id: 'okx',
    env: { ...okxLiveEnv(server), QUOTE_ASSET: 'USDT', ...STAND_IN_RATE_LIMIT },
    requests: () => server.state.requests,
    isOrderRequest: (r, kind) =>
      kind === 'place'
        ? r.path === '/api/v5/trade/batch-orders' || (r.method === 'POST' && r.path === '/api/v5/trade/order')
        : r.method === 'GET' && r.path === '/api/v5/trade/order',
    ...kitLedger(server.state),
    baseBalance: () => server.state.account.balance('BTC').free.toFixed(),
    close: () => server.close(),
  };
}

async function bitfinex(): Promise<CrashVenue> {
  // Bitfinex does not enforce a unique cid, so a double placement shows as two orders.
  const server = await startBitfinexServer({ balances: { USD: '100000', BTC: '0' } });
  server.state.account.setCandles('BTC/USD', '15m', flatMarket());
  return {
    id: 'bitfinex',
    env: { ...bitfinexLiveEnv(server), QUOTE_ASSET: 'USD', ...STAND_IN_RATE_LIMIT },
    requests: () => server.state.requests,
    isOrderRequest: (r, kind) =>
      kind === 'place'
        ? r.path === '/v2/auth/w/order/submit'
        : r.path === '/v2/auth/r/orders/tBTCUSD' || r.path === '/v2/auth/r/orders/tBTCUSD/hist',
    ...kitLedger(server.state),
    baseBalance: () => server.state.account.balance('BTC').free.toFixed(),
    close: () => server.close(),
  };
}

async function coinbase(): Promise<CrashVenue> {
  // Coinbase answers a repeated client_order_id with the first order; here it places a second,
  // so a double placement by the adapter shows as two orders.
  const server = await startCoinbaseServer({
    balances: { USD: '100000', BTC: '0' },
    duplicateClientIds: 'allow',
  });
  server.state.account.setCandles('BTC/USD', '15m', flatMarket());
  const orders = '/api/v3/brokerage/orders';
  return {
    id: 'coinbase',
    env: { ...coinbaseLiveEnv(server), QUOTE_ASSET: 'USD', ...STAND_IN_RATE_LIMIT },
    requests: () => server.state.requests,
    isOrderRequest: (r, kind) =>
      kind === 'place'
        ? r.method === 'POST' && r.path === orders
        : r.method === 'GET' && r.path === `${orders}/historical/batch`,
    ...kitLedger(server.state),
    baseBalance: () => server.state.account.balance('BTC').free.toFixed(),
    close: () => server.close(),
  };
}

export const CRASH_VENUES = { binance, kraken, okx, bitfinex, coinbase } as const;

/** The venues the cluster failover test runs on (features/engine/failover.db.test.ts). */
export const HOLDING_VENUES = { binance, kraken } as const;
