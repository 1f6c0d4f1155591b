import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangePort } from '../../ports/exchange.js';
import type { BinanceServer } from '../../testing/binance-server/index.js';
import { startPair } from './test-setup.js';

const MIN = 60_000;
const T0 = 1_700_000_000_000;
let server: BinanceServer;
let exchange: ExchangePort;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ server, exchange, close } = await startPair());
  server.state.setCandles('BTCUSDT', '1m', [
    { openTime: T0, open: '100', high: '110', low: '90', close: '105', volume: '2' },
    { openTime: T0 + MIN, open: '105', high: '120.5', low: '100', close: '115.25', volume: '3.125' },
  ]);
});
afterAll(() => close());

describe('ccxt adapter on the local Binance server: market data', () => {
  it('is live, not simulated, and loads markets with one exchangeInfo call', async () => {
    expect(exchange.name).toBe('binance (live)');
    expect(exchange.simulated).toBe(false);
    expect(await exchange.marketRules()).toEqual({
      symbol: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      amountStep: '0.00001',
      minAmount: '0.00001',
      minNotional: '10',
      priceStep: '0.01',
      takerFee: '0.001',
      buyFeeAsset: 'base',
    });
    expect(server.state.requests.filter((r) => r.path === '/api/v3/exchangeInfo')).toHaveLength(1);
  });

  it('gives candles oldest first as decimal strings', async () => {
    expect(await exchange.candles('1m', 2)).toEqual([
      { openTime: T0, open: '100', high: '110', low: '90', close: '105', volume: '2' },
      { openTime: T0 + MIN, open: '105', high: '120.5', low: '100', close: '115.25', volume: '3.125' },
    ]);
  });

  it('gives the book best first with its update id', async () => {
    const book = await exchange.orderBook(2);
    expect(book.bids).toEqual([
      ['29999', '0.5'],
      ['29998', '0.5'],
    ]);
    expect(book.asks).toEqual([
      ['30001', '0.5'],
      ['30002', '0.5'],
    ]);
    expect(book.updateId).toBe(1);
  });

  it('gives tickers of listed coins against USDT and skips unlisted ones', async () => {
    const tickers = await exchange.tickers(['ETH', 'NOPE']);
    expect(tickers.map((t) => t.base)).toEqual(['ETH']);
    expect(tickers[0]?.last).toMatch(/^\d+(\.\d+)?$/);
    expect(await exchange.tickers([])).toEqual([]);
  });

  it('rejects malformed requests with coded errors, without calling the exchange', async () => {
    const before = server.state.requests.length;
    await expect(exchange.candles('fifteen', 10)).rejects.toMatchObject({
      errorName: 'EXCHANGE_REQUEST_INVALID',
    });
    await expect(exchange.candles('1m', 0)).rejects.toMatchObject({ errorName: 'EXCHANGE_REQUEST_INVALID' });
    await expect(exchange.tickers(['eth'])).rejects.toMatchObject({ errorName: 'EXCHANGE_REQUEST_INVALID' });
    await expect(exchange.trades(-1)).rejects.toMatchObject({ errorName: 'EXCHANGE_REQUEST_INVALID' });
    expect(server.state.requests.length).toBe(before);
  });
});

describe('ccxt adapter on the local Binance server: trading', () => {
  it('reads free balances', async () => {
    const { free } = await exchange.balances();
    expect(free.USDT).toBe('10000');
    expect(free.BTC).toBe('0');
  });

  it('buys at market with our client id, filling from the asks with the fee in BTC', async () => {
    const order = await exchange.marketOrder('BUY', '0.001', 'tx-1');
    expect(order).toMatchObject({
      clientOrderId: 'tx-1',
      side: 'BUY',
      status: 'FILLED',
      amount: '0.001',
      filled: '0.001',
      quoteFilled: '30.001', // 0.001 × 30001 (best ask)
    });
    expect(order.fills).toHaveLength(1);
    // commission 0.001 × 0.1 % = 0.000001 BTC
    expect(order.fills[0]).toMatchObject({ price: '30001', amount: '0.001', commission: '0.000001' });
    expect(order.fills[0]?.commissionAsset).toBe('BTC');
    expect(server.state.orders.map((o) => o.clientOrderId)).toEqual(['tx-1']);
    const { free } = await exchange.balances();
    expect(free.USDT).toBe('9969.999'); // 10000 − 30.001
    expect(free.BTC).toBe('0.000999'); // 0.001 − 0.000001 fee
  });

  it('finds the order by client id, with its fills, and null for an unknown id', async () => {
    const found = await exchange.orderByClientId('tx-1');
    expect(found).toMatchObject({ clientOrderId: 'tx-1', filled: '0.001', quoteFilled: '30.001' });
    expect(found?.fills.map((f) => f.amount)).toEqual(['0.001']);
    expect(await exchange.orderByClientId('tx-none')).toBeNull();
  });

  it('a second marketOrder with the same client id returns the first order and places nothing', async () => {
    const again = await exchange.marketOrder('BUY', '0.001', 'tx-1');
    expect(again.exchangeOrderId).toBe(String(server.state.orders[0]?.orderId));
    expect(server.state.orders).toHaveLength(1);
  });

  it('lists account trades since a time, oldest first', async () => {
    const sell = await exchange.marketOrder('SELL', '0.0009', 'tx-2');
    expect(sell.quoteFilled).toBe('26.9991'); // 0.0009 × 29999 (best bid)
    const all = await exchange.trades(0);
    expect(all.map((t) => [t.side, t.amount])).toEqual([
      ['BUY', '0.001'],
      ['SELL', '0.0009'],
    ]);
    const later = await exchange.trades((all[1]?.time ?? 0) + 1);
    expect(later).toEqual([]);
  });

  it('refuses amounts off the LOT_SIZE step before calling the exchange', async () => {
    await expect(exchange.marketOrder('BUY', '0.000015', 'tx-3')).rejects.toMatchObject({
      errorName: 'EXCHANGE_ORDER_LOT_SIZE',
    });
    await expect(exchange.marketOrder('BUY', '0.001', 'bad id!')).rejects.toMatchObject({
      errorName: 'EXCHANGE_ORDER_INVALID',
    });
    expect(server.state.orders).toHaveLength(2);
  });
});
