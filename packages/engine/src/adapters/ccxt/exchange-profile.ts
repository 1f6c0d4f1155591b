import { CodedError } from '@balancer/core';
import type { CcxtExchangeId } from './config.js';

/**
 * What differs between the five exchanges, in one table (docs/exchanges.md says the same in
 * words). Everything here comes from each exchange's public API documentation; the market's
 * precision, minimums and fee rate are read from the exchange's own markets at run time.
 *
 * Client order ids: the engine makes one per transaction ('bal-n' + digits, or 'bal-' + 32 hex
 * digits; core's clientOrderIdFor) and the adapter writes it into the exchange's own field,
 * deterministically, so the same transaction always carries the same exchange id:
 * - Binance `newClientOrderId`: 1–36 of [.A-Z:/a-z0-9_-]: the id as it is.
 * - Kraken `cl_ord_id`: free text of at most 18 characters, or a 32-hex-digit UUID: 'bal-n7' as
 *   it is, 'bal-<32 hex>' as its 32 hex digits.
 * - OKX `clOrdId`: 1–32 letters and digits: the id without '-', a UUID form as its 32 hex digits.
 * - Coinbase Advanced Trade `client_order_id`: any string: the id as it is.
 * - Bitfinex `cid`: an integer (unique per UTC day with `cid_date`): the digits of 'bal-n7';
 *   a UUID form cannot be written there (EXCHANGE_CLIENT_ORDER_ID_INVALID).
 *
 * Looking an order up by client id ("lookup"):
 * - 'fetchOrder': the exchange looks orders up by client id (Binance origClientOrderId, OKX clOrdId).
 * - 'openClosedById': open orders, then closed orders, each filtered by the client id on the
 *   exchange (Kraken OpenOrders / ClosedOrders with cl_ord_id; QueryOrders takes only txid/userref).
 * - 'timeWindow': no look-up by client id: open orders and the closed orders of the last
 *   LOOKUP_WINDOW_MS are read and filtered here (Coinbase, Bitfinex).
 */
export type ClientIdLookup = 'fetchOrder' | 'openClosedById' | 'timeWindow';

export interface ExchangeProfile {
  id: CcxtExchangeId;
  /** The exchange's own name of the client order id field. */
  clientIdField: string;
  /** The id in the exchange's field (throws EXCHANGE_CLIENT_ORDER_ID_INVALID where it cannot be). */
  toExchangeClientId(clientOrderId: string): string;
  /** The ccxt params that place (and look up) an order with that id, of `amount` BTC. */
  createParams(exchangeId: string, amount: string): Record<string, unknown>;
  /** Extra ccxt client options. */
  ccxtOptions?: Record<string, unknown>;
  /** Params of fetchBalance (Coinbase: the v3 accounts, which carry the hold). */
  balanceParams?: Record<string, unknown>;
  lookup: ClientIdLookup;
  /** Params of fetchOrder by client id ('fetchOrder' lookups). */
  fetchOrderParams?(exchangeId: string): Record<string, unknown>;
  /** Quote assets the exchange lists a BTC market in. */
  quotes: readonly string[];
  /** The asset a market BUY's fee is charged in by default: the bought BTC or the spent quote. */
  buyFeeAsset: 'base' | 'quote';
  /** The order answer carries its fills (Binance FULL); else the order is queried once placed. */
  createReturnsFills: boolean;
  /** Nonces must strictly increase per key: private calls go one at a time (Kraken, Bitfinex). */
  serialPrivate: boolean;
  /**
   * Burst of the private-call limiter in ccxt cost units (the exchange's documented counter;
   * Kraken: 15 counter points, 3 ccxt units each); undefined keeps ccxt's own (one call).
   */
  privateBurst?: number;
  /** Account trades: paged by time ('since', page size) or by offset (Kraken TradesHistory, 50). */
  tradesPaging: { kind: 'since' | 'offset'; page: number };
  /** Has a sandbox/testnet (ccxt setSandboxMode): Binance testnet, OKX demo, Coinbase sandbox. */
  sandbox: boolean;
  /**
   * Where a placed order is read back: 'id' (get order by its exchange id) or 'clientId' (the
   * look-up above: Bitfinex's get-order sees active orders only, so a filled market order is
   * read from its history).
   */
  readPlaced: 'id' | 'clientId';
  /** The book depths the exchange serves (Bitfinex: 1, 25 or 100); undefined: any. */
  bookDepths?: readonly number[];
}

/** The depth to ask for: the smallest the exchange serves that holds `limit`, else its largest. */
export function bookDepthFor(profile: ExchangeProfile, limit: number): number {
  const depths = profile.bookDepths;
  if (depths === undefined) return limit;
  return depths.find((depth) => depth >= limit) ?? Math.max(...depths);
}

/** How far back a 'timeWindow' look-up reads closed orders (an order older than this is not found). */
export const LOOKUP_WINDOW_MS = 7 * 24 * 60 * 60_000;

const UUID_FORM = /^bal-([0-9a-f]{32})$/;
const INTEGER_FORM = /^bal-n([0-9]{1,31})$/;

function refuse(exchange: string, clientOrderId: string, rule: string): never {
  throw new CodedError('EXCHANGE_CLIENT_ORDER_ID_INVALID', `${exchange}: ${clientOrderId} (${rule})`);
}

/** Writes the id where `pattern` allows it as it is, else its UUID hex digits, else refuses. */
function asIsOrHex(exchange: string, pattern: RegExp, rule: string) {
  return (clientOrderId: string): string => {
    if (pattern.test(clientOrderId)) return clientOrderId;
    const hex = UUID_FORM.exec(clientOrderId)?.[1];
    if (hex !== undefined) return hex;
    return refuse(exchange, clientOrderId, rule);
  };
}

const krakenId = asIsOrHex('kraken', /^[\x21-\x7e]{1,18}$/, 'free text of ≤ 18 characters or a UUID');
const okxPlain = /^[A-Za-z0-9]{1,32}$/;

export const EXCHANGE_PROFILES: Readonly<Record<CcxtExchangeId, ExchangeProfile>> = {
  binance: {
    id: 'binance',
    clientIdField: 'newClientOrderId',
    toExchangeClientId: (id) =>
      /^[.A-Z:/a-z0-9_-]{1,36}$/.test(id) ? id : refuse('binance', id, '1–36 of [.A-Z:/a-z0-9_-]'),
    createParams: (id) => ({ newClientOrderId: id }),
    lookup: 'fetchOrder',
    fetchOrderParams: (id) => ({ origClientOrderId: id }),
    quotes: ['USDT', 'USDC', 'FDUSD', 'EUR'],
    buyFeeAsset: 'base',
    createReturnsFills: true,
    serialPrivate: false,
    tradesPaging: { kind: 'since', page: 1000 },
    sandbox: true,
    readPlaced: 'id',
  },
  kraken: {
    id: 'kraken',
    clientIdField: 'cl_ord_id',
    toExchangeClientId: krakenId,
    createParams: (id) => ({ clientOrderId: id }),
    lookup: 'openClosedById',
    quotes: ['USD', 'USDT', 'USDC', 'EUR'],
    buyFeeAsset: 'quote',
    createReturnsFills: false,
    serialPrivate: true,
    privateBurst: 45,
    tradesPaging: { kind: 'offset', page: 50 },
    sandbox: false,
    readPlaced: 'id',
  },
  okx: {
    id: 'okx',
    clientIdField: 'clOrdId',
    toExchangeClientId: (id) => {
      const plain = id.replaceAll('-', '');
      if (okxPlain.test(plain) && !UUID_FORM.test(id)) return plain;
      return asIsOrHex('okx', okxPlain, '1–32 letters and digits')(id);
    },
    // A market order's sz in BTC (OKX's default for a market buy is the quote: tgtCcy quote_ccy).
    createParams: (id) => ({ clOrdId: id, tgtCcy: 'base_ccy' }),
    lookup: 'fetchOrder',
    fetchOrderParams: (id) => ({ clOrdId: id }),
    quotes: ['USDT', 'USDC', 'EUR'],
    buyFeeAsset: 'base',
    createReturnsFills: false,
    serialPrivate: false,
    tradesPaging: { kind: 'since', page: 100 },
    sandbox: true,
    readPlaced: 'id',
  },
  coinbase: {
    id: 'coinbase',
    clientIdField: 'client_order_id',
    toExchangeClientId: (id) =>
      /^[\x21-\x7e]{1,128}$/.test(id) ? id : refuse('coinbase', id, '1–128 printable characters'),
    // ccxt's own clientOrderId is ignored here (it sends ccxt-<uuid>); a market buy is sized in
    // BTC (base_size) instead of ccxt's quote_size, whose spend includes the fee.
    createParams: (id, amount) => ({
      client_order_id: id,
      order_configuration: { market_market_ioc: { base_size: amount } },
    }),
    // So that ccxt builds a market buy without a price (the configuration above replaces it).
    ccxtOptions: { createMarketBuyOrderRequiresPrice: false },
    balanceParams: { v3: true },
    lookup: 'timeWindow',
    quotes: ['USD', 'USDC', 'USDT', 'EUR'],
    buyFeeAsset: 'quote',
    createReturnsFills: false,
    serialPrivate: false,
    tradesPaging: { kind: 'since', page: 100 },
    sandbox: true,
    readPlaced: 'id',
  },
  bitfinex: {
    id: 'bitfinex',
    clientIdField: 'cid',
    toExchangeClientId: (id) => {
      const digits = INTEGER_FORM.exec(id)?.[1];
      // cid is an integer of at most 45 bits.
      if (digits !== undefined && BigInt(digits) < 2n ** 45n) return digits;
      return refuse('bitfinex', id, 'an integer below 2^45');
    },
    createParams: (id) => ({ cid: Number(id) }),
    lookup: 'timeWindow',
    quotes: ['USD', 'USDT', 'EUR'],
    buyFeeAsset: 'base',
    createReturnsFills: false,
    serialPrivate: true,
    tradesPaging: { kind: 'since', page: 1000 },
    sandbox: false,
    readPlaced: 'clientId',
    bookDepths: [1, 25, 100],
  },
};

/** The profile of a ccxt exchange id. */
export function profileOf(id: CcxtExchangeId): ExchangeProfile {
  return EXCHANGE_PROFILES[id];
}

/** EXCHANGE_QUOTE_UNLISTED unless the exchange lists a BTC market in `quote`. */
export function checkQuoteListed(id: CcxtExchangeId, base: string, quote: string): void {
  const profile = profileOf(id);
  if (base === 'BTC' && !profile.quotes.includes(quote)) {
    throw new CodedError(
      'EXCHANGE_QUOTE_UNLISTED',
      `${id} has no BTC/${quote} market; it lists BTC/${profile.quotes.join(', BTC/')}`,
    );
  }
}
