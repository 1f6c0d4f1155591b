import { CodedError } from '@balancer/core';
import type { Exchange, Market, Order } from 'ccxt';
import type {
  ExchangeBalances,
  ExchangeCandle,
  ExchangeOrder,
  ExchangeOrderBook,
  ExchangePort,
  ExchangeTicker,
  ExchangeTrade,
  MarketRules,
  OrderSide,
} from '../../ports/exchange.js';
import { createCcxtClient } from './ccxt-client.js';
import { type CcxtExchangeOptions, parseCcxtExchangeOptions } from './config.js';
import { decimalOr, stepFromPrecision, timeMs } from './convert.js';
import { classifyCcxtError, isOrderNotFound, translateCcxtError } from './errors.js';
import { fillOf, orderOf, tradeOf } from './mapping.js';
import { bookOf, candleOf, tickerOf } from './market-mapping.js';
import { CcxtStreams } from './streams.js';
import {
  ccxtSide,
  checkBases,
  checkCandleRequest,
  checkClientOrderId,
  checkLimit,
  checkOrder,
  checkSince,
} from './validate.js';

/** Options of the factory: the validated config plus the clock (epoch ms) for snapshot times. */
export type CreateCcxtExchangeOptions = CcxtExchangeOptions & { now?: () => number };

/** Page size of account trades (Binance's maximum). */
const TRADES_PAGE = 1000;

/**
 * The live exchange adapter: ccxt behind the exchange port, one market (`base/quote`). Every ccxt
 * failure goes through `translateCcxtError`; after an unavailable/outcome-unknown failure the
 * markets are reloaded (`loadMarkets(true)`) before the next call, since ccxt caches a failed
 * load. `marketOrder` is idempotent by client order id (see there). With `streams`, the book,
 * tickers and candles come from websocket streams while they are up (streams.ts), from REST
 * otherwise; trading always uses REST.
 */
export async function createCcxtExchange(options: CreateCcxtExchangeOptions): Promise<ExchangePort> {
  const { now = Date.now, ...rest } = options;
  const config = parseCcxtExchangeOptions(rest);
  const { exchange, tickSizeMode } = await createCcxtClient(config);
  const symbol = `${config.base}/${config.quote}`;
  const streams = config.streams ? new CcxtStreams(exchange, symbol, now) : undefined;
  const secrets = [config.apiKey, config.secret];
  let reload = false;
  let closed = false;

  function retryAfterSeconds(): number | undefined {
    const headers = (exchange as Exchange & { last_response_headers?: Record<string, string> })
      .last_response_headers;
    const value = Number(headers?.['retry-after'] ?? headers?.['Retry-After']);
    return Number.isFinite(value) && value >= 0 ? value : undefined;
  }

  /** Runs one ccxt call; any failure comes out as a CodedError, and unavailability forces a reload. */
  async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    if (closed) throw new CodedError('EXCHANGE_CLOSED');
    try {
      return await run();
    } catch (error) {
      if (classifyCcxtError(error) === 'unavailable') reload = true;
      throw translateCcxtError(error, { operation, retryAfterSeconds: retryAfterSeconds(), secrets });
    }
  }

  async function market(): Promise<NonNullable<Market>> {
    const markets = await call('loadMarkets', async () => {
      const loaded = await exchange.loadMarkets(reload);
      reload = false;
      return loaded;
    });
    const found = markets[symbol];
    if (!found) throw new CodedError('EXCHANGE_MARKET_UNKNOWN', `${exchange.id} ${symbol}`);
    return found;
  }

  async function marketRules(): Promise<MarketRules> {
    const m = await market();
    const amountStep = stepFromPrecision(m.precision.amount, tickSizeMode, 'precision.amount');
    return {
      symbol: m.id ?? symbol,
      base: m.base ?? config.base,
      quote: m.quote ?? config.quote,
      amountStep,
      minAmount: decimalOr(m.limits.amount?.min, amountStep, 'limits.amount.min'),
      minNotional: decimalOr(m.limits.cost?.min, '0', 'limits.cost.min'),
    };
  }

  /** The order's fills: from the order itself (FULL response), else the account trades of its id. */
  async function withFills(order: Order, clientOrderId: string): Promise<ExchangeOrder> {
    const time = order.timestamp ?? now();
    let trades = order.trades ?? [];
    if (trades.length === 0 && (order.filled ?? 0) > 0) {
      trades = await call('fetchMyTrades', () =>
        exchange.fetchMyTrades(symbol, undefined, undefined, { orderId: order.id }),
      );
    }
    return orderOf(
      order,
      trades.map((t) => fillOf(t, time)),
      clientOrderId,
    );
  }

  async function orderByClientId(clientOrderId: string): Promise<ExchangeOrder | null> {
    checkClientOrderId(clientOrderId);
    await market();
    let order: Order;
    let notFound = false;
    try {
      order = await call('fetchOrder', () =>
        exchange.fetchOrder('', symbol, { origClientOrderId: clientOrderId }).catch((error: unknown) => {
          notFound = isOrderNotFound(error);
          throw error;
        }),
      );
    } catch (error) {
      if (notFound) return null;
      throw error;
    }
    return withFills(order, clientOrderId);
  }

  /**
   * Idempotent market order. First looks the client id up and returns an existing order. Then
   * places it; when the outcome is unknown (network error, timeout, 5xx) it reloads markets and
   * looks again: found → that order; not found (or the lookup fails) → ORDER_OUTCOME_UNKNOWN, and
   * the caller retries with the SAME client id, which repeats this lookup before placing.
   * Definite refusals (balance, filters, auth, rate limit) are thrown as translated.
   */
  async function marketOrder(side: OrderSide, amount: string, clientOrderId: string): Promise<ExchangeOrder> {
    checkClientOrderId(clientOrderId);
    const rules = await marketRules();
    const quantity = checkOrder(side, amount, rules);
    const existing = await orderByClientId(clientOrderId);
    if (existing) return existing;
    try {
      // ccxt takes a number; an amount that passed checkOrder has ≤ 15 significant digits in practice.
      const order = await exchange.createOrder(
        symbol,
        'market',
        ccxtSide(side),
        quantity.toNumber(),
        undefined,
        {
          newClientOrderId: clientOrderId,
        },
      );
      return await withFills(order, clientOrderId);
    } catch (error) {
      if (error instanceof CodedError || classifyCcxtError(error) !== 'unavailable') {
        throw translateCcxtError(error, {
          operation: 'createOrder',
          retryAfterSeconds: retryAfterSeconds(),
          secrets,
        });
      }
      reload = true;
      const first = translateCcxtError(error, { operation: 'createOrder', secrets });
      let found: ExchangeOrder | null;
      try {
        found = await orderByClientId(clientOrderId);
      } catch (lookup) {
        const reason = lookup instanceof CodedError ? lookup.message : 'lookup failed';
        throw new CodedError(
          'EXCHANGE_ORDER_OUTCOME_UNKNOWN',
          `${clientOrderId}: ${first.message}; ${reason}`,
        );
      }
      if (found) return found;
      throw new CodedError('EXCHANGE_ORDER_OUTCOME_UNKNOWN', `${clientOrderId}: ${first.message}`);
    }
  }

  return {
    name: `${config.exchangeId} (live)`,
    simulated: false,
    marketRules,
    async candles(interval: string, limit: number): Promise<ExchangeCandle[]> {
      checkCandleRequest(interval, limit);
      await market();
      const streamed = streams?.candles(interval, limit);
      if (streamed) return streamed;
      const rows = await call('fetchOHLCV', () => exchange.fetchOHLCV(symbol, interval, undefined, limit));
      const candles = rows.map(candleOf);
      streams?.seedCandles(interval, candles);
      return candles;
    },
    async orderBook(limit: number): Promise<ExchangeOrderBook> {
      checkLimit(limit, 5000);
      await market();
      const streamed = streams?.orderBook(limit);
      if (streamed) return streamed;
      const book = await call('fetchOrderBook', () => exchange.fetchOrderBook(symbol, limit));
      return bookOf(book, limit, now());
    },
    async tickers(bases: readonly string[]): Promise<ExchangeTicker[]> {
      const wanted = checkBases(bases);
      await market();
      const markets = exchange.markets ?? {};
      // Coins the exchange does not list against our quote are left out, not an error.
      const listed = wanted.filter((b) => markets[`${b}/${config.quote}`] !== undefined);
      if (listed.length === 0) return [];
      const symbols = listed.map((b) => `${b}/${config.quote}`);
      const tickers =
        streams?.tickers(symbols) ?? (await call('fetchTickers', () => exchange.fetchTickers(symbols)));
      return listed.flatMap((base) => {
        const t = tickers[`${base}/${config.quote}`];
        return t ? [tickerOf(base, t)] : [];
      });
    },
    async balances(): Promise<ExchangeBalances> {
      await market();
      const balance = await call('fetchBalance', () => exchange.fetchBalance());
      const free: Record<string, string> = {};
      for (const [asset, value] of Object.entries(balance.free ?? {})) {
        free[asset] = decimalOr(value, '0', `free.${asset}`);
      }
      return { free, time: now() };
    },
    marketOrder,
    orderByClientId,
    async trades(since: number): Promise<ExchangeTrade[]> {
      checkSince(since);
      await market();
      const seen = new Map<string, ExchangeTrade>();
      let from = since;
      for (;;) {
        const page = await call('fetchMyTrades', () => exchange.fetchMyTrades(symbol, from, TRADES_PAGE));
        const before = seen.size;
        for (const trade of page) seen.set(String(trade.id), tradeOf(trade));
        // Pages overlap by one millisecond (same-ms trades); stop when a page adds nothing new.
        if (page.length < TRADES_PAGE || seen.size === before) break;
        from = timeMs(page[page.length - 1]?.timestamp, 'trade.timestamp');
      }
      return [...seen.values()].sort((a, b) => a.time - b.time || Number(a.id) - Number(b.id));
    },
    async close(): Promise<void> {
      closed = true;
      streams?.close();
      await exchange.close();
    },
  };
}
