import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinanceServer, startBinanceServer } from '../../testing/binance-server/index.js';
import { memoryAccountStateStore } from '../account-state.js';
import { createCcxtExchange } from '../ccxt/ccxt-exchange.js';
import { errorNameOf } from '../simulator/test-table.js';
import { PaperExchange, type PaperExchangeOptions } from './paper-exchange.js';

/**
 * Paper trading on live data from the ccxt adapter against the local Binance server, whose
 * default BTCUSDT book is bids 29999 / 29998 (0.5 each), 29990 (1); asks 30001 / 30002 (0.5
 * each), 30010 (1).
 */
let server: BinanceServer;
const T = 1_700_000_000_000;
const opened: PaperExchange[] = [];

beforeAll(async () => {
  server = await startBinanceServer();
});
afterAll(async () => {
  for (const paper of opened) await paper.close();
  await server.close();
});

async function paper(options: Partial<PaperExchangeOptions> = {}): Promise<PaperExchange> {
  const data = await createCcxtExchange({
    exchangeId: 'binance',
    quote: 'USDT',
    apiUrl: `${server.url}/api/v3`,
  });
  const exchange = new PaperExchange({ data, venue: 'binance', now: () => T, ...options });
  opened.push(exchange);
  return exchange;
}

describe('PaperExchange', () => {
  it('says it is simulated paper trading and serves the live market data', async () => {
    const exchange = await paper();
    expect(exchange.name).toBe('paper on binance (simulated fills)');
    expect(exchange.simulated).toBe(true);
    expect((await exchange.marketRules()).minNotional).toBe('10');
    expect((await exchange.orderBook(1)).asks).toEqual([['30001', '0.5']]);
    expect((await exchange.balances()).free).toEqual({ USDT: '10000', BTC: '0' });
    // Its own fills' fee (default 0.1 %, in quote), whatever the exchange's markets charge.
    expect(exchange.simulatedFillFee).toBe('0.001');
    expect((await paper({ feePercent: '0.26' })).simulatedFillFee).toBe('0.0026');
  });

  it('walks the asks for a BUY, one fill per level, the fee in quote, and never sends an order', async () => {
    const exchange = await paper({ balances: { USDT: '50000', BTC: '0' } });
    const order = await exchange.marketOrder('BUY', '0.6', 'buy-1');
    expect(order.fills.map((f) => [f.price, f.amount, f.quoteAmount, f.commission])).toEqual([
      ['30001', '0.5', '15000.5', '15.0005'], // 0.5 · 30001; fee 0.1 %
      ['30002', '0.1', '3000.2', '3.0002'], // 0.1 · 30002
    ]);
    expect(order).toMatchObject({ status: 'FILLED', filled: '0.6', quoteFilled: '18000.7' });
    // 50000 − 18000.7 − (15.0005 + 3.0002) = 31981.2993
    expect((await exchange.balances()).free).toEqual({ USDT: '31981.2993', BTC: '0.6' });
    expect(server.state.orders).toEqual([]);
  });

  it('fills a SELL at the best bid, the fee taken from the proceeds', async () => {
    const exchange = await paper({ balances: { USDT: '0', BTC: '1' }, feePercent: '0.2' });
    const order = await exchange.marketOrder('SELL', '0.2', 'sell-1');
    // 0.2 · 29999 = 5999.8; fee 0.2 % = 11.9996; received 5987.8004.
    expect(order.fills[0]).toMatchObject({ price: '29999', quoteAmount: '5999.8', commission: '11.9996' });
    expect((await exchange.balances()).free).toEqual({ USDT: '5987.8004', BTC: '0.8' });
  });

  it('refuses what the market rules or the account refuse, changing nothing', async () => {
    const exchange = await paper({ balances: { USDT: '100', BTC: '0.1' } });
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['EXCHANGE_ORDER_LOT_SIZE', () => exchange.marketOrder('BUY', '0.000015', 'r1')],
      // 0.0003 · 30001 = 9.0003 < 10
      ['EXCHANGE_ORDER_MIN_NOTIONAL', () => exchange.marketOrder('BUY', '0.0003', 'r2')],
      // 0.01 · 30001 = 300.01 > 100
      ['EXCHANGE_INSUFFICIENT_BALANCE', () => exchange.marketOrder('BUY', '0.01', 'r3')],
      ['EXCHANGE_INSUFFICIENT_BALANCE', () => exchange.marketOrder('SELL', '0.2', 'r4')],
      // the asks hold 0.5 + 0.5 + 1 = 2
      ['EXCHANGE_ORDER_BOOK_TOO_THIN', () => exchange.marketOrder('BUY', '2.5', 'r5')],
      ['EXCHANGE_ORDER_INVALID', () => exchange.marketOrder('BUY', '0.01', 'no spaces')],
      ['EXCHANGE_ORDER_INVALID', () => exchange.marketOrder('HOLD' as 'BUY', '0.01', 'r6')],
    ];
    for (const [name, run] of cases) expect(await errorNameOf(run)).toBe(name);
    expect((await exchange.balances()).free).toEqual({ USDT: '100', BTC: '0.1' });
    expect(await exchange.trades(0)).toEqual([]);
  });

  it('is idempotent by client order id and survives a restart through the store', async () => {
    const store = memoryAccountStateStore();
    const first = await paper({ accountStore: store });
    const buy = await first.marketOrder('BUY', '0.001', 'tx-1');
    server.state.setBook('BTCUSDT', [['31000', '1']], [['31002', '1']]);
    expect(await first.marketOrder('BUY', '0.001', 'tx-1')).toEqual(buy);
    const second = await paper({ accountStore: store });
    await second.start();
    expect(await second.orderByClientId('tx-1')).toEqual(buy);
    expect(await second.trades(T)).toEqual([
      { ...buy.fills[0], side: 'BUY', orderId: 'paper-order-1', clientOrderId: 'tx-1' },
    ]);
    expect(await second.trades(T + 1)).toEqual([]);
    // 10000 − 30.001 − 0.030001 = 9969.968999
    expect((await second.balances()).free).toEqual({ USDT: '9969.968999', BTC: '0.001' });
    const sell = await second.marketOrder('SELL', '0.001', 'tx-2');
    expect(sell).toMatchObject({ exchangeOrderId: 'paper-order-2', quoteFilled: '31' }); // 0.001 · 31000
  });

  it('refuses a simulator state (another adapter) at start, and any use after close', async () => {
    const store = memoryAccountStateStore({
      version: 1,
      kind: 'simulator',
      symbol: 'BTCUSDT',
      balances: {},
      orders: [],
    });
    const exchange = await paper({ accountStore: store });
    expect(await errorNameOf(() => exchange.start())).toBe('EXCHANGE_ACCOUNT_STATE_INVALID');
    await exchange.close();
    expect(await errorNameOf(() => exchange.candles('1m', 1))).toBe('EXCHANGE_CLOSED');
    expect(await errorNameOf(() => exchange.balances())).toBe('EXCHANGE_CLOSED');
  });

  it('refuses a bad fee or balance at construction', async () => {
    expect(await errorNameOf(() => paper({ feePercent: '100' }))).toBe('EXCHANGE_CONFIG_INVALID');
    expect(await errorNameOf(() => paper({ balances: { USDT: '-5' } }))).toBe('EXCHANGE_CONFIG_INVALID');
  });
});
