import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExchangePort } from '../../ports/exchange.js';
import { type BinanceServer, startBinanceServer } from '../../testing/binance-server/index.js';
import { createCcxtExchange } from './ccxt-exchange.js';
import { streamSupport } from './streams.js';

const MIN = 60_000;
const T0 = 1_700_000_000_000;
const candle = (i: number, close: string) => ({
  openTime: T0 + i * MIN,
  open: '100',
  high: '200',
  low: '50',
  close,
  volume: '1',
});
/** Waiting for the background stream is a condition poll, not a timed assertion. */
const eventually = { timeout: 10_000, interval: 20 };

let server: BinanceServer;
let exchange: ExchangePort;

beforeEach(async () => {
  server = await startBinanceServer();
  exchange = await createCcxtExchange({
    exchangeId: 'binance',
    quote: 'USDT',
    apiUrl: `${server.url}/api/v3`,
    wsUrl: server.streams.url,
    streams: true,
  });
});
afterEach(async () => {
  await exchange.close();
  await server.close();
});

/** REST calls the adapter itself made to `path` (ccxt's stream snapshot asks depth with limit 1000). */
const restCalls = (path: string) =>
  server.state.requests.filter((r) => r.path === path && r.params.limit !== '1000').length;

/** Waits until `read` is answered without a REST call to `path`, and returns that answer. */
async function fromStream<T>(path: string, read: () => Promise<T>): Promise<T> {
  return vi.waitFor(async () => {
    const before = restCalls(path);
    const value = await read();
    expect(restCalls(path)).toBe(before);
    return value;
  }, eventually);
}

describe('ccxt adapter with streams on the local Binance server', () => {
  it('keeps a local book from the snapshot plus the diff stream', async () => {
    expect((await exchange.orderBook(2)).bids[0]).toEqual(['29999', '0.5']); // first answer: REST
    await fromStream('/api/v3/depth', () => exchange.orderBook(2));
    expect(server.streams.subscriptions).toEqual(['btcusdt@depth@100ms']);
    const restBefore = restCalls('/api/v3/depth');
    // One diff: 29999 resized, 29998 removed, 29990 kept; a new best ask.
    server.state.setBook(
      'BTCUSDT',
      [
        ['29999.00', '0.70000'],
        ['29990.00', '1.00000'],
      ],
      [
        ['30000.50', '0.10000'],
        ['30001.00', '0.50000'],
      ],
    );
    const book = await vi.waitFor(async () => {
      const current = await exchange.orderBook(2);
      expect(current.updateId).toBe(2);
      return current;
    }, eventually);
    expect(book.bids).toEqual([
      ['29999', '0.7'],
      ['29990', '1'],
    ]);
    expect(book.asks).toEqual([
      ['30000.5', '0.1'],
      ['30001', '0.5'],
    ]);
    expect(restCalls('/api/v3/depth')).toBe(restBefore);
  });

  it('serves tickers from the miniTicker stream once every asked coin has arrived', async () => {
    expect((await exchange.tickers(['ETH']))[0]?.last).toBe('2000');
    await fromStream('/api/v3/ticker/24hr', () => exchange.tickers(['ETH']));
    server.state.setLastPrice('ETHUSDT', '2100.5');
    const [eth] = await fromStream('/api/v3/ticker/24hr', async () => {
      const tickers = await exchange.tickers(['ETH']);
      expect(tickers[0]?.last).toBe('2100.5');
      return tickers;
    });
    expect(eth?.base).toBe('ETH');
    expect(server.streams.subscriptions).toEqual(['ethusdt@miniTicker']);
  });

  it('serves candles as the REST history plus the streamed candles', async () => {
    server.state.setCandles('BTCUSDT', '1m', [candle(0, '110'), candle(1, '120')]);
    await exchange.candles('1m', 2);
    const first = await fromStream('/api/v3/klines', () => exchange.candles('1m', 2));
    expect(first.map((c) => c.close)).toEqual(['110', '120']);
    server.state.setCandles('BTCUSDT', '1m', [candle(0, '110'), candle(1, '120'), candle(2, '130')]);
    const next = await fromStream('/api/v3/klines', async () => {
      const candles = await exchange.candles('1m', 2);
      expect(candles.map((c) => c.close)).toEqual(['120', '130']);
      return candles;
    });
    expect(next[1]?.openTime).toBe(T0 + 2 * MIN);
  });

  it('falls back to REST while the stream is down, and returns to the stream when it is back', async () => {
    await fromStream('/api/v3/depth', () => exchange.orderBook(1));
    server.streams.refuse(true);
    server.state.setBook('BTCUSDT', [['29000.00', '1.00000']], [['31000.00', '1.00000']]);
    const viaRest = await vi.waitFor(async () => {
      const before = restCalls('/api/v3/depth');
      const book = await exchange.orderBook(1);
      expect(restCalls('/api/v3/depth')).toBe(before + 1);
      return book;
    }, eventually);
    expect(viaRest.bids).toEqual([['29000', '1']]);
    server.streams.refuse(false);
    const again = await fromStream('/api/v3/depth', () => exchange.orderBook(1));
    expect(again.asks).toEqual([['31000', '1']]);
  });
});

describe('streamSupport', () => {
  it('reads ccxt’s has map; anything but true is no stream', () => {
    expect(streamSupport({ watchOrderBook: true, watchTickers: 'emulated', watchOHLCV: false })).toEqual({
      orderBook: true,
      tickers: false,
      candles: false,
    });
  });

  it('without the option the adapter opens no websocket', async () => {
    const rest = await createCcxtExchange({
      exchangeId: 'binance',
      quote: 'USDT',
      apiUrl: `${server.url}/api/v3`,
      wsUrl: server.streams.url,
    });
    await rest.orderBook(1);
    await rest.orderBook(1);
    expect(restCalls('/api/v3/depth')).toBe(2);
    expect(server.streams.subscriptions).toEqual([]);
    await rest.close();
  });
});
