import { Decimal } from '@balancer/core';
import { keyPermissions, type StandInKeyPermissions } from '../key-permissions.js';
import { KrakenError } from './kraken-error.js';
import { KRAKEN_PAIRS, krakenAsset } from './pairs.js';
import type {
  KrakenCandle,
  KrakenFault,
  KrakenOrder,
  KrakenPair,
  KrakenRequestRecord,
  KrakenServerOptions,
  KrakenTrade,
} from './types.js';

/** Book levels per side and the size of each (base). */
const LEVELS = 20;
const LEVEL_SIZE = '1';

export interface KrakenServerState {
  readonly apiKey: string;
  readonly secret: string;
  now(): number;
  lastNonce: bigint;
  /** What the test key may do (Kraken reports none of it; AddOrder refuses a key that cannot trade). */
  permissions: StandInKeyPermissions;
  /** Balances by Kraken asset code (XXBT, ZUSD, USDT …). */
  readonly balances: Record<string, string>;
  readonly orders: KrakenOrder[];
  readonly trades: KrakenTrade[];
  readonly requests: KrakenRequestRecord[];
  /** Queues `fault` for the next request to `endpoint` (e.g. 'AddOrder', 'QueryOrders'). */
  inject(endpoint: string, fault: KrakenFault): void;
  takeFault(endpoint: string): KrakenFault | undefined;
  /** Replaces the candles of a pair at `interval` minutes (default: flat ones at its last price). */
  setCandles(pair: string, interval: number, candles: KrakenCandle[]): void;
  candles(pair: KrakenPair, interval: number): KrakenCandle[];
  book(pair: KrakenPair): { asks: [string, string][]; bids: [string, string][] };
  /** Executes a market order (AddOrder); throws KrakenError for a refusal. */
  placeMarketOrder(input: {
    pair: KrakenPair;
    type: 'buy' | 'sell';
    volume: string;
    clOrdId: string | null;
    userref: number | null;
    partial: boolean;
  }): KrakenOrder;
}

const pad = (n: number, width: number) => n.toString(36).toUpperCase().padStart(width, '0');

/** Kraken-looking ids (OXXXXX-XXXXX-XXXXXX) that sort in the order they were made. */
const krakenId = (prefix: string, n: number) => `${prefix}${pad(n, 5)}-LOCAL-${pad(n * 7919, 6).slice(-6)}`;

export function createKrakenState(options: KrakenServerOptions): KrakenServerState {
  const now = options.now ?? Date.now;
  const fee = new Decimal(options.takerFee ?? '0.0026');
  const balances: Record<string, string> = {};
  for (const [code, amount] of Object.entries(
    options.balances ?? { USD: '10000', USDT: '10000', BTC: '1' },
  )) {
    balances[krakenAsset(code)] = new Decimal(amount).toFixed();
  }
  const faults = new Map<string, KrakenFault[]>();
  const candles = new Map<string, KrakenCandle[]>();
  const orders: KrakenOrder[] = [];
  const trades: KrakenTrade[] = [];

  function book(pair: KrakenPair) {
    const last = new Decimal(pair.last);
    const tick = new Decimal(1).shiftedBy(-pair.pair_decimals);
    const level = (sign: number) => (_: unknown, i: number) =>
      [last.plus(tick.times((i + 1) * sign)).toFixed(pair.pair_decimals), LEVEL_SIZE] as [string, string];
    return {
      asks: Array.from({ length: LEVELS }, level(1)),
      bids: Array.from({ length: LEVELS }, level(-1)),
    };
  }

  function balance(asset: string): Decimal {
    return new Decimal(balances[asset] ?? '0');
  }

  return {
    apiKey: options.apiKey ?? 'kraken-test-key',
    secret: options.secret ?? Buffer.from('kraken-test-private-key').toString('base64'),
    now,
    lastNonce: 0n,
    permissions: keyPermissions(options.permissions),
    balances,
    orders,
    trades,
    requests: [],
    inject(endpoint, fault) {
      faults.set(endpoint, [...(faults.get(endpoint) ?? []), fault]);
    },
    takeFault(endpoint) {
      return faults.get(endpoint)?.shift();
    },
    setCandles(pair, interval, list) {
      candles.set(`${pair} ${interval}`, list);
    },
    candles(pair, interval) {
      const set = candles.get(`${pair.id} ${interval}`) ?? candles.get(`${pair.altname} ${interval}`);
      if (set) return set;
      const step = interval * 60_000;
      const lastOpen = Math.floor(now() / step) * step;
      return Array.from({ length: 720 }, (_, i) => ({
        openTime: lastOpen - (719 - i) * step,
        open: pair.last,
        high: pair.last,
        low: pair.last,
        close: pair.last,
        volume: '1',
      }));
    },
    book,
    placeMarketOrder({ pair, type, volume, clOrdId, userref, partial }) {
      const vol = new Decimal(volume);
      if ((vol.decimalPlaces() ?? 0) > pair.lot_decimals)
        throw new KrakenError('EGeneral:Invalid arguments:volume');
      if (vol.isLessThan(pair.ordermin)) throw new KrakenError('EOrder:Order minimum not met');
      // Walk the book; a partial fill takes half the volume and cancels the rest.
      const wanted = partial ? vol.dividedBy(2).decimalPlaces(pair.lot_decimals, Decimal.ROUND_DOWN) : vol;
      const levels = type === 'buy' ? book(pair).asks : book(pair).bids;
      const fills: Array<{ price: Decimal; vol: Decimal }> = [];
      let left = wanted;
      for (const [price, size] of levels) {
        if (left.isZero()) break;
        const take = Decimal.min(left, size);
        fills.push({ price: new Decimal(price), vol: take });
        left = left.minus(take);
      }
      const filled = wanted.minus(left);
      const cost = fills.reduce((sum, f) => sum.plus(f.price.times(f.vol)), new Decimal(0));
      if (cost.isLessThan(pair.costmin)) throw new KrakenError('EOrder:Cost minimum not met');
      const feeOf = (value: Decimal) => value.times(fee).decimalPlaces(8, Decimal.ROUND_HALF_UP);
      const totalFee = fills.reduce((sum, f) => sum.plus(feeOf(f.price.times(f.vol))), new Decimal(0));
      // Fees are charged in the quote asset (Kraken's default for spot).
      if (type === 'buy' && balance(pair.quote).isLessThan(cost.plus(totalFee))) {
        throw new KrakenError('EOrder:Insufficient funds');
      }
      if (type === 'sell' && balance(pair.base).isLessThan(filled))
        throw new KrakenError('EOrder:Insufficient funds');
      const time = now() / 1000;
      const txid = krakenId('O', orders.length + 1);
      const tradeIds: string[] = [];
      for (const f of fills) {
        const id = krakenId('T', trades.length + 1);
        tradeIds.push(id);
        const value = f.price.times(f.vol);
        trades.push({
          id,
          ordertxid: txid,
          pair: pair.id,
          time,
          type,
          price: f.price.toFixed(),
          cost: value.toFixed(),
          fee: feeOf(value).toFixed(),
          vol: f.vol.toFixed(),
        });
      }
      const sign = type === 'buy' ? 1 : -1;
      balances[pair.base] = balance(pair.base).plus(filled.times(sign)).toFixed();
      balances[pair.quote] = balance(pair.quote).minus(cost.times(sign)).minus(totalFee).toFixed();
      const order: KrakenOrder = {
        txid,
        pair: pair.id,
        cl_ord_id: clOrdId,
        userref,
        type,
        status: filled.isEqualTo(vol) ? 'closed' : 'canceled',
        opentm: time,
        closetm: time,
        vol: vol.toFixed(),
        vol_exec: filled.toFixed(),
        cost: cost.toFixed(),
        fee: totalFee.toFixed(),
        price: filled.isZero() ? '0' : cost.dividedBy(filled).toFixed(pair.pair_decimals),
        trades: tradeIds,
      };
      orders.push(order);
      return order;
    },
  };
}

export { KRAKEN_PAIRS };
