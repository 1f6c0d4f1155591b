import { CodedError, type Decimal } from '@balancer/core';
import type { Exchange, Market, Order } from 'ccxt';
import { Mutex } from '../../live/orders/mutex.js';
import type {
  ExchangeBalances,
  ExchangeCandle,
  ExchangeFill,
  ExchangeOrder,
  ExchangeOrderBook,
  ExchangePort,
  ExchangeTicker,
  ExchangeTrade,
  KeyPermissions,
  KeyPermissionsPort,
  MarketRules,
  OrderSide,
} from '../../ports/exchange.js';
import { createCcxtClient } from './ccxt-client.js';
import { type CcxtExchangeOptions, parseCcxtExchangeOptions } from './config.js';
import { decimalOr, stepFromPrecision, timeMs } from './convert.js';
import { classifyCcxtError, isOrderNotFound, translateCcxtError } from './errors.js';
import { bookDepthFor, checkQuoteListed, LOOKUP_WINDOW_MS, profileOf } from './exchange-profile.js';
import { readKeyPermissions } from './key-permissions.js';
import { compareIds, fillOf, orderOf, tradeOf } from './mapping.js';
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

/**
 * The live exchange adapter: ccxt behind the exchange port, one market (`base/quote`). Every ccxt
 * failure goes through `translateCcxtError`; after an unavailable/outcome-unknown failure the
 * markets are reloaded (`loadMarkets(true)`) before the next call, since ccxt caches a failed
 * load. `marketOrder` is idempotent by client order id (see there). With `streams`, the book,
 * tickers and candles come from websocket streams while they are up (streams.ts), from REST
 * otherwise; trading always uses REST. What differs per exchange (client id field, look-up,
 * nonces, fee asset) is in exchange-profile.ts. Market data and trading use two ccxt clients with
 * their own rate limiters (ccxt-client.ts); private calls go one at a time where nonces demand it.
 */
export async function createCcxtExchange(
  options: CreateCcxtExchangeOptions,
): Promise<ExchangePort & KeyPermissionsPort> {
  const { now = Date.now, ...rest } = options;
  const config = parseCcxtExchangeOptions(rest);
  const profile = profileOf(config.exchangeId);
  checkQuoteListed(config.exchangeId, config.base, config.quote);
  const { exchange, tickSizeMode } = await createCcxtClient(config, 'data');
  const { exchange: trader } = await createCcxtClient(config, 'trading');
  const symbol = `${config.base}/${config.quote}`;
  const streams = config.streams ? new CcxtStreams(exchange, symbol, now) : undefined;
  const secrets = [config.apiKey, config.secret, config.passphrase];
  // Private calls one at a time where nonces must strictly increase (Kraken, Bitfinex): two signed
  // requests sent at once may arrive out of nonce order, which such a key refuses (EAPI:Invalid nonce).
  const serial = new Mutex();
  let reload = false;
  let traderMarkets: unknown;
  let closed = false;

  function retryAfterSeconds(client: Exchange): number | undefined {
    const headers = (client as Exchange & { last_response_headers?: Record<string, string> })
      .last_response_headers;
    const value = Number(headers?.['retry-after'] ?? headers?.['Retry-After']);
    return Number.isFinite(value) && value >= 0 ? value : undefined;
  }

  /** Runs one ccxt call; any failure comes out as a CodedError, and unavailability forces a reload. */
  async function call<T>(operation: string, run: () => Promise<T>, client = exchange): Promise<T> {
    if (closed) throw new CodedError('EXCHANGE_CLOSED');
    try {
      return await run();
    } catch (error) {
      if (classifyCcxtError(error) === 'unavailable') {
        reload = true;
      }
      throw translateCcxtError(error, { operation, retryAfterSeconds: retryAfterSeconds(client), secrets });
    }
  }

  /** A private call on the trading client: one at a time where the exchange's nonces demand it. */
  function privateCall<T>(operation: string, run: () => Promise<T>): Promise<T> {
    const task = () => call(operation, run, trader);
    return profile.serialPrivate ? serial.run(task) : task();
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

  /**
   * The trading client's markets: the data client's, handed over without another request (ccxt
   * parses orders and trades against them; Kraken also indexes its pairs by altname).
   */
  async function tradingMarket(): Promise<void> {
    await market();
    if (traderMarkets === exchange.markets) return;
    trader.setMarkets(exchange.markets ?? {}, exchange.currencies as never);
    const byAltname = (exchange.options as Record<string, unknown>).marketsByAltname;
    if (byAltname !== undefined) (trader.options as Record<string, unknown>).marketsByAltname = byAltname;
    traderMarkets = exchange.markets;
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
      ...(m.precision.price === undefined
        ? {}
        : { priceStep: stepFromPrecision(m.precision.price, tickSizeMode, 'precision.price') }),
      ...(m.taker === undefined ? {} : { takerFee: decimalOr(m.taker, '0', 'taker') }),
      buyFeeAsset: profile.buyFeeAsset,
    };
  }

  /** Account trades since `since` (inclusive), paged as the exchange pages them. */
  async function accountTrades(since: number): Promise<ExchangeTrade[]> {
    const seen = new Map<string, ExchangeTrade>();
    const { kind, page: size } = profile.tradesPaging;
    let from = since;
    for (let offset = 0; ; ) {
      const page = await privateCall('fetchMyTrades', () =>
        kind === 'offset'
          ? // `start` is exclusive and in whole seconds: ask from the second before, filter below.
            trader.fetchMyTrades(symbol, Math.max(0, since - 1000), size, { ofs: offset })
          : trader.fetchMyTrades(symbol, from, size),
      );
      const before = seen.size;
      for (const trade of page)
        if ((trade.timestamp ?? 0) >= since) seen.set(String(trade.id), tradeOf(trade));
      if (page.length < size || (kind === 'since' && seen.size === before)) break;
      if (kind === 'offset') offset += page.length;
      // Pages overlap by one millisecond (same-ms trades); stop when a page adds nothing new.
      else from = timeMs(page[page.length - 1]?.timestamp, 'trade.timestamp');
    }
    return [...seen.values()].sort((a, b) => a.time - b.time || compareIds(a.id, b.id));
  }

  /**
   * The order's fills: from the order itself where its answer carries them (Binance FULL), else
   * the account trades of its id (Binance: by orderId; elsewhere the trades from a minute before
   * the order on, filtered by its id).
   */
  async function withFills(order: Order, clientOrderId: string): Promise<ExchangeOrder> {
    const time = order.timestamp ?? now();
    let fills: ExchangeFill[] = [];
    const carried = (order.trades ?? []).filter((t) => t.price !== undefined && t.amount !== undefined);
    if (profile.createReturnsFills && carried.length > 0) fills = carried.map((t) => fillOf(t, time));
    else if ((order.filled ?? 0) > 0) {
      if (profile.id === 'binance') {
        const trades = await privateCall('fetchMyTrades', () =>
          trader.fetchMyTrades(symbol, undefined, undefined, { orderId: order.id }),
        );
        fills = trades.map((t) => fillOf(t, time));
      } else {
        const trades = await accountTrades(Math.max(0, time - 60_000));
        fills = trades
          .filter((t) => t.orderId === String(order.id))
          .map(({ side: _s, orderId: _o, clientOrderId: _c, ...fill }) => fill);
      }
    }
    return orderOf(order, fills, clientOrderId);
  }

  /** The exchange's order with our client id (its own field's form), or null. */
  async function findOrder(exchangeId: string): Promise<Order | null> {
    const mine = (orders: Order[]) => orders.find((o) => o.clientOrderId === exchangeId) ?? null;
    switch (profile.lookup) {
      case 'fetchOrder': {
        let notFound = false;
        try {
          return await privateCall('fetchOrder', () =>
            trader.fetchOrder('', symbol, profile.fetchOrderParams?.(exchangeId)).catch((error: unknown) => {
              notFound = isOrderNotFound(error);
              throw error;
            }),
          );
        } catch (error) {
          if (notFound) return null;
          throw error;
        }
      }
      case 'openClosedById': {
        const filter = { clientOrderId: exchangeId };
        const open = await privateCall('fetchOpenOrders', () =>
          trader.fetchOpenOrders(symbol, undefined, undefined, filter),
        );
        const closedOrders = async () =>
          mine(
            await privateCall('fetchClosedOrders', () =>
              trader.fetchClosedOrders(symbol, undefined, undefined, filter),
            ),
          );
        return mine(open) ?? (await closedOrders());
      }
      case 'timeWindow': {
        const open = await privateCall('fetchOpenOrders', () => trader.fetchOpenOrders(symbol));
        const closedOrders = async () =>
          mine(
            await privateCall('fetchClosedOrders', () =>
              trader.fetchClosedOrders(symbol, now() - LOOKUP_WINDOW_MS),
            ),
          );
        return mine(open) ?? (await closedOrders());
      }
    }
  }

  async function orderByClientId(clientOrderId: string): Promise<ExchangeOrder | null> {
    checkClientOrderId(clientOrderId);
    const exchangeId = profile.toExchangeClientId(clientOrderId);
    await tradingMarket();
    const order = await findOrder(exchangeId);
    return order === null ? null : withFills(order, clientOrderId);
  }

  /** Places the order; where the answer carries no fills, queries the placed order by its id. */
  async function place(side: OrderSide, quantity: Decimal, clientOrderId: string): Promise<ExchangeOrder> {
    const exchangeId = profile.toExchangeClientId(clientOrderId);
    const params = profile.createParams(exchangeId, quantity.toFixed());
    // ccxt takes a number; an amount that passed checkOrder has ≤ 15 significant digits in practice.
    const create = () =>
      trader.createOrder(symbol, 'market', ccxtSide(side), quantity.toNumber(), undefined, params);
    const placed = profile.serialPrivate ? await serial.run(create) : await create();
    if (profile.createReturnsFills) return withFills(placed, clientOrderId);
    const order =
      profile.readPlaced === 'clientId'
        ? ((await findOrder(exchangeId)) ?? placed)
        : await privateCall('fetchOrder', () => trader.fetchOrder(String(placed.id), symbol));
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
    profile.toExchangeClientId(clientOrderId);
    const rules = await marketRules();
    const quantity = checkOrder(side, amount, rules);
    const existing = await orderByClientId(clientOrderId);
    if (existing) return existing;
    try {
      return await place(side, quantity, clientOrderId);
    } catch (error) {
      if (error instanceof CodedError || classifyCcxtError(error) !== 'unavailable') {
        throw translateCcxtError(error, {
          operation: 'createOrder',
          retryAfterSeconds: retryAfterSeconds(trader),
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
    // A sandbox trades no real money: named so, and simulated in the port's sense (shown as such).
    name: config.sandbox ? `${config.exchangeId} (sandbox — not real money)` : `${config.exchangeId} (live)`,
    simulated: config.sandbox,
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
      const book = await call('fetchOrderBook', () =>
        exchange.fetchOrderBook(symbol, bookDepthFor(profile, limit)),
      );
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
      await tradingMarket();
      const balance = await privateCall('fetchBalance', () => trader.fetchBalance(profile.balanceParams));
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
      await tradingMarket();
      return accountTrades(since);
    },
    async keyPermissions(): Promise<KeyPermissions> {
      return privateCall('keyPermissions', () =>
        readKeyPermissions(
          profile.id,
          trader,
          async () => {
            await tradingMarket();
            return market();
          },
          // With EXCHANGE_API_URL the SAPI base follows it (ccxt-client.ts); else the testnet has none.
          config.sandbox && config.apiUrl === undefined,
        ),
      );
    },
    async close(): Promise<void> {
      closed = true;
      streams?.close();
      await Promise.all([exchange.close(), trader.close()]);
    },
  };
}
