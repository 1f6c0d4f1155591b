import { afterEach, describe, expect, it } from 'vitest';
import { type KrakenServer, startKrakenServer } from './server.js';
import { krakenClient } from './test-client.js';

let server: KrakenServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start() {
  server = await startKrakenServer({ balances: { USD: '1000', BTC: '0' } });
  return { server, client: krakenClient(server.url, server.state.apiKey, server.state.secret) };
}

describe('Kraken stand-in: shapes and signed requests', () => {
  it('answers public endpoints in Kraken shapes', async () => {
    const { client } = await start();
    const pairs = (await client.publicGet('AssetPairs')) as {
      error: string[];
      result: Record<string, unknown>;
    };
    expect(pairs.error).toEqual([]);
    expect(pairs.result.XXBTZUSD).toMatchObject({
      altname: 'XBTUSD',
      base: 'XXBT',
      quote: 'ZUSD',
      ordermin: '0.00005',
    });
    const depth = (await client.publicGet('Depth', 'pair=XBTUSD&count=2')) as {
      result: Record<string, { asks: unknown[][] }>;
    };
    expect(depth.result.XXBTZUSD?.asks.map((a) => a.slice(0, 2))).toEqual([
      ['30000.1', '1'],
      ['30000.2', '1'],
    ]);
    expect(await client.publicGet('Depth', 'pair=NOPE')).toEqual({ error: ['EQuery:Unknown asset pair'] });
  });

  it('places a market buy (fee in USD), finds it by cl_ord_id, and lists its trade', async () => {
    const { server, client } = await start();
    const placed = await client.privatePost('AddOrder', {
      pair: 'XBTUSD',
      type: 'buy',
      ordertype: 'market',
      volume: '0.001',
      cl_ord_id: 'bal-n1',
    });
    expect(placed.error).toEqual([]);
    const txid = (placed.result as { txid: string[] }).txid[0] ?? '';
    const closed = await client.privatePost('ClosedOrders', { cl_ord_id: 'bal-n1', trades: 'true' });
    expect(
      (closed.result as { closed: Record<string, { vol_exec: string; fee: string }> }).closed[txid],
    ).toMatchObject({
      vol_exec: '0.001',
      fee: '0.07800026', // 30.0001 × 0.26 %
    });
    expect(server.state.balances).toEqual({ ZUSD: '969.92189974', XXBT: '0.001' });
    const none = await client.privatePost('ClosedOrders', { cl_ord_id: 'bal-n2' });
    expect(none.result).toEqual({ closed: {}, count: 0 });
    const trades = await client.privatePost('TradesHistory');
    expect(
      Object.values((trades.result as { trades: Record<string, { ordertxid: string }> }).trades),
    ).toEqual([expect.objectContaining({ ordertxid: txid, vol: '0.001', type: 'buy' })]);
  });

  it('refuses a wrong signature and a replayed nonce, executing nothing', async () => {
    const { server, client } = await start();
    const order = { pair: 'XBTUSD', type: 'buy', ordertype: 'market', volume: '0.001' };
    expect((await client.privatePost('AddOrder', order, { sign: 'AAAA' })).error).toEqual([
      'EAPI:Invalid signature',
    ]);
    expect((await client.privatePost('AddOrder', order, { nonce: 5 })).error).toEqual([]);
    expect((await client.privatePost('AddOrder', order, { nonce: 5 })).error).toEqual(['EAPI:Invalid nonce']);
    expect((await client.privatePost('AddOrder', order, { nonce: 4 })).error).toEqual(['EAPI:Invalid nonce']);
    expect(server.state.orders).toHaveLength(1);
  });

  it('refuses orders Kraken refuses: minimum, funds, a cl_ord_id over 18 characters', async () => {
    const { client } = await start();
    const order = { pair: 'XBTUSD', type: 'buy', ordertype: 'market' };
    expect((await client.privatePost('AddOrder', { ...order, volume: '0.00001' })).error).toEqual([
      'EOrder:Order minimum not met',
    ]);
    expect((await client.privatePost('AddOrder', { ...order, volume: '1' })).error).toEqual([
      'EOrder:Insufficient funds',
    ]);
    expect(
      (await client.privatePost('AddOrder', { ...order, volume: '0.001', cl_ord_id: 'x'.repeat(19) })).error,
    ).toEqual(['EGeneral:Invalid arguments:cl_ord_id']);
  });

  it('injects faults: 5xx after executing, rate limit, invalid nonce, partial fill', async () => {
    const { server, client } = await start();
    const order = { pair: 'XBTUSD', type: 'buy', ordertype: 'market', volume: '0.002' };
    server.state.inject('AddOrder', { kind: 'serverError', execute: true });
    expect((await client.privatePost('AddOrder', order)).status).toBe(503);
    expect(server.state.orders).toHaveLength(1);
    server.state.inject('AddOrder', { kind: 'rateLimit' });
    expect((await client.privatePost('AddOrder', order)).error).toEqual(['EAPI:Rate limit exceeded']);
    server.state.inject('Balance', { kind: 'invalidNonce' });
    expect((await client.privatePost('Balance')).error).toEqual(['EAPI:Invalid nonce']);
    server.state.inject('AddOrder', { kind: 'partialFill' });
    await client.privatePost('AddOrder', order);
    expect(server.state.orders.map((o) => [o.status, o.vol_exec])).toEqual([
      ['closed', '0.002'],
      ['canceled', '0.001'],
    ]);
    expect(server.state.requests.map((r) => r.fault).filter(Boolean)).toEqual([
      'serverError',
      'rateLimit',
      'invalidNonce',
      'partialFill',
    ]);
  });

  it('holds an executed order with a timeout until the connections drop: its client sees a reset', async () => {
    const { server, client } = await start();
    server.state.inject('AddOrder', { kind: 'timeout', execute: true });
    const held = client
      .privatePost('AddOrder', { pair: 'XBTUSD', type: 'buy', ordertype: 'market', volume: '0.002' })
      .then(
        () => 'answered',
        () => 'reset',
      );
    while (server.state.orders.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    server.dropConnections();
    expect(await held).toBe('reset');
    expect(server.state.orders.map((o) => o.status)).toEqual(['closed']);
    // The stand-in itself keeps listening.
    expect((await client.privatePost('Balance')).error).toEqual([]);
  });
});
