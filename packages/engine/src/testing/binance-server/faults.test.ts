import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BinanceServer, startBinanceServer } from './server.js';
import { getJson, signedRequest } from './test-client.js';

const NOW = 1_700_000_000_000;
let server: BinanceServer;

beforeEach(async () => {
  server = await startBinanceServer({ now: () => NOW });
});
afterEach(() => server.close());

const buy = (clientOrderId: string, signal?: AbortSignal) =>
  signedRequest({
    base: server.url,
    method: 'POST',
    path: '/api/v3/order',
    params: {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '0.001',
      newClientOrderId: clientOrderId,
    },
    timestamp: NOW,
    signal,
  });
const orderCalls = () =>
  server.state.requests.filter((r) => r.path === '/api/v3/order' && r.method === 'POST');

describe('fault injection', () => {
  it('5xx with execute: the client sees 503 but the order exists (outcome unknown)', async () => {
    server.state.inject('/api/v3/order', { kind: 'serverError', execute: true });
    const res = await buy('c-1');
    expect(res.status).toBe(503);
    expect(server.state.orders.map((o) => o.clientOrderId)).toEqual(['c-1']);
    expect(orderCalls()).toHaveLength(1);
    expect(orderCalls()[0]?.fault).toBe('serverError');
  });

  it('5xx without execute places nothing, and the fault is used once', async () => {
    server.state.inject('/api/v3/order', { kind: 'serverError', status: 502 });
    expect((await buy('c-1')).status).toBe(502);
    expect(server.state.orders).toHaveLength(0);
    expect((await buy('c-1')).status).toBe(200);
    expect(server.state.orders).toHaveLength(1);
  });

  it('timeout with execute: no answer until the client gives up, yet the order is placed', async () => {
    server.state.inject('/api/v3/order', { kind: 'timeout', execute: true });
    const controller = new AbortController();
    const pending = buy('c-1', controller.signal);
    // The server has logged the request once it arrives; give up only then.
    while (orderCalls().length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('client timeout'));
    await expect(pending).rejects.toThrow();
    expect(server.state.orders.map((o) => o.clientOrderId)).toEqual(['c-1']);
  });

  it('timeout with execute: dropping the connections ends the held request with a reset', async () => {
    server.state.inject('/api/v3/order', { kind: 'timeout', execute: true });
    const pending = buy('c-1');
    while (orderCalls().length === 0) await new Promise((resolve) => setImmediate(resolve));
    server.dropConnections();
    await expect(pending).rejects.toThrow();
    expect(server.state.orders.map((o) => o.clientOrderId)).toEqual(['c-1']);
    // The server itself keeps listening.
    expect((await getJson(server.url, '/api/v3/depth', 'symbol=BTCUSDT')).status).toBe(200);
  });

  it('429 carries Retry-After and −1003; 418 is an IP ban with Retry-After', async () => {
    server.state.inject('/api/v3/depth', { kind: 'rateLimit', retryAfter: 7 });
    server.state.inject('/api/v3/depth', { kind: 'ipBan', retryAfter: 120 });
    const limited = await fetch(`${server.url}/api/v3/depth?symbol=BTCUSDT`);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    expect(((await limited.json()) as { code: number }).code).toBe(-1003);
    const banned = await fetch(`${server.url}/api/v3/depth?symbol=BTCUSDT`);
    expect([banned.status, banned.headers.get('retry-after')]).toEqual([418, '120']);
    expect((await getJson(server.url, '/api/v3/depth', 'symbol=BTCUSDT')).status).toBe(200);
  });

  it('injects −2010, −1013 and −1021 without executing', async () => {
    for (const code of [-2010, -1013, -1021]) server.state.inject('/api/v3/order', { kind: 'error', code });
    const codes = [];
    for (const id of ['a', 'b', 'c']) {
      const res = await buy(id);
      codes.push([res.status, res.body.code]);
    }
    expect(codes).toEqual([
      [400, -2010],
      [400, -1013],
      [400, -1021],
    ]);
    expect(server.state.orders).toHaveLength(0);
    expect(server.state.balances.USDT?.free).toBe('10000');
  });
});
