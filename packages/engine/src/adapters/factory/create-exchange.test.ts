import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinanceServer, startBinanceServer } from '../../testing/binance-server/index.js';
import { startKrakenServer } from '../../testing/kraken-server/index.js';
import { memoryAccountStateStore } from '../account-state.js';
import { errorNameOf } from '../simulator/test-table.js';
import { SUPPORTED_EXCHANGES } from './capabilities.js';
import { createExchange, defaultSimulatorStart, SIMULATOR_DEFAULT_START } from './create-exchange.js';

let server: BinanceServer;
beforeAll(async () => {
  server = await startBinanceServer();
});
afterAll(() => server.close());

/** The first candle of the shipped Binance file: 2025-03-30 00:00 UTC. */
const FIRST_OPEN = Date.UTC(2025, 2, 30);

describe('createExchange: validation', () => {
  it.each([
    ['no kind', {}],
    ['an unknown kind', { kind: 'backtest' }],
    ['an unknown exchange', { kind: 'paper', exchange: 'mtgox' }],
    ['live without keys', { kind: 'live', exchange: 'binance' }],
    ['live with an empty secret', { kind: 'live', exchange: 'binance', apiKey: 'k', secret: '' }],
    ['a malformed symbol', { kind: 'paper', exchange: 'binance', symbol: 'btcusdt' }],
    ['a negative balance', { kind: 'simulator', balances: { USDT: '-1' } }],
    ['a float fee', { kind: 'paper', exchange: 'binance', feePercent: 0.1 }],
    ['an unknown field', { kind: 'simulator', turbo: true }],
    ['keys on the simulator', { kind: 'simulator', apiKey: 'k' }],
  ])('refuses %s with EXCHANGE_CONFIG_INVALID', async (_what, options) => {
    expect(await errorNameOf(() => createExchange(options as never))).toBe('EXCHANGE_CONFIG_INVALID');
  });

  it('never echoes a key in the error', async () => {
    const error = await createExchange({
      kind: 'live',
      exchange: 'binance',
      apiKey: 'K-SECRET-1',
      secret: 5,
    } as never)
      .then(() => null)
      .catch((e: unknown) => e as Error);
    expect(error?.message).toMatch(/secret/);
    expect(error?.message).not.toMatch(/K-SECRET-1/);
  });

  it('refuses live trading on okx without its passphrase, never echoing the keys', async () => {
    expect(
      await errorNameOf(() =>
        createExchange({ kind: 'live', exchange: 'okx', apiKey: 'k', secret: 's', apiUrl: server.url }),
      ),
    ).toBe('EXCHANGE_CONFIG_INVALID');
  });

  it('lists the exchanges with live trading: all five (each proven on its stand-in)', () => {
    expect(SUPPORTED_EXCHANGES.filter((e) => e.liveTrading).map((e) => e.id)).toEqual([
      'binance',
      'bitfinex',
      'kraken',
      'coinbase',
      'okx',
    ]);
    expect(SUPPORTED_EXCHANGES.map((e) => e.id)).toEqual([
      'simulator',
      'binance',
      'bitfinex',
      'kraken',
      'coinbase',
      'okx',
    ]);
  });
});

describe('createExchange: the three kinds', () => {
  it('simulator: replays the shipped real candles from the default start, with its account store', async () => {
    const store = memoryAccountStateStore();
    const now = () => 1_000_000;
    const sim = await createExchange({ kind: 'simulator', seed: 7, accountStore: store, now });
    expect(sim.simulated).toBe(true);
    const [candle] = await sim.candles('15m', 1);
    // 2025-11-07 08:00 UTC, where a first start sees a crash, a buy and a sell within 10 minutes.
    expect(candle?.openTime).toBe(SIMULATOR_DEFAULT_START);
    expect(SIMULATOR_DEFAULT_START).toBe(Date.parse('2025-11-07T08:00:00Z'));
    await sim.marketOrder('BUY', '0.001', 'f-1');
    const again = await createExchange({ kind: 'simulator', seed: 7, accountStore: store, now });
    expect((await again.orderByClientId('f-1'))?.filled).toBe('0.001');
  });

  it('simulator: another candle file starts 512 candles in (a full largest window of history)', () => {
    const time = Float64Array.from({ length: 600 }, (_, i) => FIRST_OPEN + i * 900_000);
    expect(defaultSimulatorStart({ time, length: time.length })).toBe(FIRST_OPEN + 512 * 900_000);
    // A file holding the default start, but with less than 512 candles before it, starts at 512 too.
    const late = Float64Array.from({ length: 600 }, (_, i) => SIMULATOR_DEFAULT_START + (i - 100) * 900_000);
    expect(defaultSimulatorStart({ time: late, length: late.length })).toBe(late[512]);
  });

  it('simulator: a bad saved account fails at creation', async () => {
    const store = memoryAccountStateStore({
      version: 1,
      kind: 'paper',
      symbol: 'BTCUSDT',
      balances: {},
      orders: [],
    });
    expect(await errorNameOf(() => createExchange({ kind: 'simulator', accountStore: store }))).toBe(
      'EXCHANGE_ACCOUNT_STATE_INVALID',
    );
  });

  it('paper: live data from ccxt, simulated fills named as such', async () => {
    const paper = await createExchange({
      kind: 'paper',
      exchange: 'binance',
      apiUrl: `${server.url}/api/v3`,
      balances: { USDT: '1000', BTC: '0' },
    });
    expect(paper.name).toBe('paper on binance (simulated fills)');
    const order = await paper.marketOrder('BUY', '0.001', 'p-1');
    expect(order.quoteFilled).toBe('30.001'); // 0.001 · 30001 (best ask)
    expect(server.state.orders).toEqual([]);
    await paper.close();
  });

  it('paper: an unreachable exchange does not fail creation; the first order does, retryably', async () => {
    const paper = await createExchange({
      kind: 'paper',
      exchange: 'binance',
      apiUrl: 'http://127.0.0.1:9/api/v3',
      timeoutMs: 200,
    });
    await expect(paper.balances()).rejects.toMatchObject({
      errorName: 'EXCHANGE_UNAVAILABLE',
      recovery: 'retry',
    });
    await paper.close();
  });

  it('live on binance: the ccxt adapter, trading real (here: local) orders', async () => {
    const live = await createExchange({
      kind: 'live',
      exchange: 'binance',
      apiKey: 'test-api-key',
      secret: 'test-secret',
      apiUrl: `${server.url}/api/v3`,
    });
    expect(live).toMatchObject({ name: 'binance (live)', simulated: false });
    expect((await live.balances()).free.USDT).toBe('10000');
    await live.close();
  });

  it('live on kraken: the ccxt adapter on the Kraken stand-in, its signature checked', async () => {
    const kraken = await startKrakenServer({ balances: { USD: '500' } });
    const live = await createExchange({
      kind: 'live',
      exchange: 'kraken',
      apiKey: kraken.state.apiKey,
      secret: kraken.state.secret,
      apiUrl: kraken.url,
      rateLimitMs: 20,
    });
    expect(live).toMatchObject({ name: 'kraken (live)', simulated: false });
    expect((await live.balances()).free.USD).toBe('500');
    expect(kraken.state.requests.filter((r) => r.signed).map((r) => r.error)).toEqual([null]);
    await live.close();
    await kraken.close();
  });

  it('sandbox: labelled not real money (simulated); refused where the exchange has none', async () => {
    const sandbox = await createExchange({
      kind: 'live',
      exchange: 'binance',
      apiKey: 'test-api-key',
      secret: 'test-secret',
      apiUrl: `${server.url}/api/v3`,
      sandbox: true,
    });
    expect(sandbox).toMatchObject({ name: 'binance (sandbox — not real money)', simulated: true });
    await sandbox.close();
    expect(
      await errorNameOf(() =>
        createExchange({ kind: 'live', exchange: 'kraken', apiKey: 'k', secret: 's', sandbox: true }),
      ),
    ).toBe('EXCHANGE_CONFIG_INVALID');
  });
});
