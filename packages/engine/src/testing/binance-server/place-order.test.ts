import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type BinanceServer, startBinanceServer } from './server.js';
import { signedRequest } from './test-client.js';
import type { BinanceServerOptions } from './types.js';

const NOW = 1_700_000_000_000;
let server: BinanceServer;

async function start(options: BinanceServerOptions = {}): Promise<BinanceServer> {
  server = await startBinanceServer({ now: () => NOW, ...options });
  return server;
}
afterEach(() => server.close());

const order = (params: Record<string, string>) =>
  signedRequest({
    base: server.url,
    method: 'POST',
    path: '/api/v3/order',
    params: { symbol: 'BTCUSDT', type: 'MARKET', ...params },
    timestamp: NOW,
  });
const lookup = (params: Record<string, string>) =>
  signedRequest({
    base: server.url,
    method: 'GET',
    path: '/api/v3/order',
    params: { symbol: 'BTCUSDT', ...params },
    timestamp: NOW,
  });

describe('POST /api/v3/order (MARKET)', () => {
  it('buys by walking the asks, 0.1 % commission in BTC', async () => {
    await start({ balances: { USDT: '20000', BTC: '0' } });
    const res = await order({ side: 'BUY', quantity: '0.6', newClientOrderId: 'bal-1' });
    expect(res.status).toBe(200);
    // 0.5 at 30001 + 0.1 at 30002 = 15000.5 + 3000.2 = 18000.7 USDT.
    expect(res.body).toMatchObject({ clientOrderId: 'bal-1', status: 'FILLED', executedQty: '0.60000000' });
    expect(res.body.cummulativeQuoteQty).toBe('18000.70000000');
    expect(res.body.fills).toEqual([
      // 0.5 × 0.001 = 0.0005 BTC; 0.1 × 0.001 = 0.0001 BTC.
      {
        price: '30001.00000000',
        qty: '0.50000000',
        commission: '0.00050000',
        commissionAsset: 'BTC',
        tradeId: 1,
      },
      {
        price: '30002.00000000',
        qty: '0.10000000',
        commission: '0.00010000',
        commissionAsset: 'BTC',
        tradeId: 2,
      },
    ]);
    // USDT 20000 − 18000.7 = 1999.3; BTC 0.6 − 0.0006 = 0.5994.
    expect(server.state.balances.USDT?.free).toBe('1999.3');
    expect(server.state.balances.BTC?.free).toBe('0.5994');
  });

  it('sells into the bids, commission in USDT rounded up to 8 places', async () => {
    await start({ balances: { USDT: '0', BTC: '1' } });
    server.state.setBook('BTCUSDT', [['29999.99', '1']], [['30000.01', '1']]);
    const res = await order({ side: 'SELL', quantity: '0.00037' });
    // 29999.99 × 0.00037 = 11.0999963; × 0.001 = 0.0110999963 → up → 0.01110000.
    expect(res.body.fills[0]).toMatchObject({ commission: '0.01110000', commissionAsset: 'USDT' });
    // 11.0999963 − 0.0111 = 11.0888963; BTC 1 − 0.00037 = 0.99963.
    expect(server.state.balances.USDT?.free).toBe('11.0888963');
    expect(server.state.balances.BTC?.free).toBe('0.99963');
  });

  it('refuses LOT_SIZE and NOTIONAL failures with −1013 and leaves balances alone', async () => {
    await start();
    const off = await order({ side: 'BUY', quantity: '0.000015' });
    expect(off).toMatchObject({ status: 400, body: { code: -1013, msg: 'Filter failure: LOT_SIZE' } });
    expect((await order({ side: 'BUY', quantity: '0.000001' })).body.code).toBe(-1013);
    // 0.0003 × 30001 = 9.0003 < 10.
    const small = await order({ side: 'BUY', quantity: '0.0003' });
    expect(small).toMatchObject({ status: 400, body: { code: -1013, msg: 'Filter failure: NOTIONAL' } });
    expect(server.state.balances.USDT?.free).toBe('10000');
    expect(server.state.orders).toHaveLength(0);
  });

  it('refuses an order beyond the balance with −2010', async () => {
    await start({ balances: { USDT: '100', BTC: '0.001' } });
    // 0.01 × 30001 = 300.01 > 100 USDT.
    expect(await order({ side: 'BUY', quantity: '0.01' })).toMatchObject({
      status: 400,
      body: { code: -2010 },
    });
    expect(await order({ side: 'SELL', quantity: '0.002' })).toMatchObject({
      status: 400,
      body: { code: -2010 },
    });
    expect(server.state.balances).toEqual({
      USDT: { free: '100', locked: '0' },
      BTC: { free: '0.001', locked: '0' },
    });
  });

  it('refuses a duplicate client order id by default, and allows it when configured', async () => {
    await start();
    expect((await order({ side: 'BUY', quantity: '0.001', newClientOrderId: 'same' })).status).toBe(200);
    const again = await order({ side: 'BUY', quantity: '0.001', newClientOrderId: 'same' });
    expect(again).toMatchObject({ status: 400, body: { code: -2010, msg: 'Duplicate order sent.' } });
    expect(server.state.orders).toHaveLength(1);
    await server.close();
    await start({ duplicateClientOrderIds: 'allow' });
    await order({ side: 'BUY', quantity: '0.001', newClientOrderId: 'same' });
    await order({ side: 'BUY', quantity: '0.002', newClientOrderId: 'same' });
    expect((await lookup({ origClientOrderId: 'same' })).body).toMatchObject({
      orderId: 2,
      origQty: '0.00200000',
    });
  });

  it('keeps every balance ≥ 0 over any sequence of orders', async () => {
    await start({ balances: { USDT: '500', BTC: '0.01' } });
    const steps = fc.array(
      fc.record({ side: fc.constantFrom('BUY', 'SELL'), units: fc.integer({ min: 1, max: 3000 }) }),
      {
        maxLength: 8,
      },
    );
    await fc.assert(
      fc.asyncProperty(steps, async (list) => {
        for (const step of list) {
          await order({ side: step.side, quantity: (step.units / 100_000).toFixed(5) });
          for (const b of Object.values(server.state.balances))
            expect(Number(b.free)).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('GET /api/v3/order and /api/v3/myTrades', () => {
  it('finds an order by orderId or client id, −2013 when missing', async () => {
    await start();
    await order({ side: 'BUY', quantity: '0.001', newClientOrderId: 'bal-9' });
    expect((await lookup({ orderId: '1' })).body).toMatchObject({ clientOrderId: 'bal-9', status: 'FILLED' });
    expect((await lookup({ origClientOrderId: 'bal-9' })).body.orderId).toBe(1);
    expect(await lookup({ origClientOrderId: 'nope' })).toMatchObject({ status: 400, body: { code: -2013 } });
  });

  it('lists trades with fromId and limit', async () => {
    await start({ balances: { USDT: '50000' } });
    await order({ side: 'BUY', quantity: '0.7' });
    const trades = (params: Record<string, string>) =>
      signedRequest({ base: server.url, method: 'GET', path: '/api/v3/myTrades', params, timestamp: NOW });
    const all = await trades({ symbol: 'BTCUSDT' });
    // 0.7 = 0.5 at 30001 + 0.2 at 30002: two trades.
    expect(all.body.map((t: { id: number }) => t.id)).toEqual([1, 2]);
    // 0.2 × 30002 = 6000.4; commission 0.2 × 0.001 = 0.0002 BTC.
    expect(all.body[1]).toMatchObject({
      qty: '0.20000000',
      quoteQty: '6000.40000000',
      commission: '0.00020000',
      isBuyer: true,
    });
    expect((await trades({ symbol: 'BTCUSDT', fromId: '2', limit: '5' })).body).toHaveLength(1);
    expect((await trades({ symbol: 'BTCUSDT', limit: '1' })).body[0].id).toBe(2);
  });
});
