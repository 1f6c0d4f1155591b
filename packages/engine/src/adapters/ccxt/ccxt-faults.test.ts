import { afterEach, describe, expect, it } from 'vitest';
import { injectOnOrderPost, orderPosts, startPair } from './test-setup.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function pair(secret?: string) {
  const started = await startPair(secret);
  close = started.close;
  return started;
}

describe('ccxt adapter: idempotent market orders when the outcome is unknown', () => {
  it('5xx after executing: returns the one order found by client id, placing nothing again', async () => {
    const { server, exchange } = await pair();
    injectOnOrderPost(server, { kind: 'serverError', execute: true });
    const order = await exchange.marketOrder('BUY', '0.001', 'tx-5xx');
    expect(order).toMatchObject({ clientOrderId: 'tx-5xx', status: 'FILLED', filled: '0.001' });
    expect(order.fills.map((f) => f.quoteAmount)).toEqual(['30.001']); // 0.001 × 30001
    expect(server.state.orders).toHaveLength(1);
    expect(orderPosts(server)).toHaveLength(1);
    // The failure made the adapter reload markets before looking the order up.
    expect(server.state.requests.filter((r) => r.path === '/api/v3/exchangeInfo')).toHaveLength(2);
  });

  it('a timeout after executing: same, one order', async () => {
    const { server, exchange } = await pair();
    injectOnOrderPost(server, { kind: 'timeout', execute: true });
    const order = await exchange.marketOrder('BUY', '0.001', 'tx-timeout');
    expect(order.clientOrderId).toBe('tx-timeout');
    expect(server.state.orders).toHaveLength(1);
    expect(orderPosts(server)).toHaveLength(1);
  });

  it('5xx without executing: outcome unknown (retry); the retry with the same id places it once', async () => {
    const { server, exchange } = await pair();
    injectOnOrderPost(server, { kind: 'serverError', status: 502 });
    await expect(exchange.marketOrder('BUY', '0.001', 'tx-r')).rejects.toMatchObject({
      errorName: 'EXCHANGE_ORDER_OUTCOME_UNKNOWN',
      recovery: 'retry',
    });
    expect(server.state.orders).toHaveLength(0);
    await exchange.marketOrder('BUY', '0.001', 'tx-r');
    await exchange.marketOrder('BUY', '0.001', 'tx-r');
    expect(server.state.orders).toHaveLength(1);
  });
});

describe('ccxt adapter: refusals become coded errors', () => {
  it('−2010 is a rejected order and leaves the balances unchanged', async () => {
    const { server, exchange } = await pair();
    const before = await exchange.balances();
    injectOnOrderPost(server, { kind: 'error', code: -2010 });
    await expect(exchange.marketOrder('BUY', '0.001', 'tx-poor')).rejects.toMatchObject({
      errorName: 'EXCHANGE_ORDER_REJECTED',
      recovery: 'reject',
    });
    expect((await exchange.balances()).free).toEqual(before.free);
    expect(server.state.orders).toHaveLength(0);
  });

  it.each([
    ['rateLimit', 429],
    ['ipBan', 418],
  ] as const)('%s (HTTP %i) is rate limited, with the Retry-After seconds', async (kind, _status) => {
    const { server, exchange } = await pair();
    server.state.inject('/api/v3/account', { kind, retryAfter: 7 });
    const error = await exchange.balances().catch((e: unknown) => e);
    expect(error).toMatchObject({
      errorName: 'EXCHANGE_RATE_LIMITED',
      recovery: 'retry',
      retryAfterSeconds: 7,
    });
  });

  it('a 429 on the order is rate limited, not outcome unknown, and places nothing', async () => {
    const { server, exchange } = await pair();
    injectOnOrderPost(server, { kind: 'rateLimit', retryAfter: 3 });
    await expect(exchange.marketOrder('BUY', '0.001', 'tx-429')).rejects.toMatchObject({
      errorName: 'EXCHANGE_RATE_LIMITED',
    });
    expect(server.state.orders).toHaveLength(0);
  });

  it('a wrong secret (bad signature) is an auth failure that never shows the key or secret', async () => {
    const { exchange } = await pair('wrong-secret-value');
    const error = await exchange.balances().catch((e: unknown) => e);
    expect(error).toMatchObject({ errorName: 'EXCHANGE_AUTH_FAILED', recovery: 'alert' });
    expect(String((error as Error).message)).not.toMatch(/wrong-secret-value|test-api-key/);
  });

  it('a network failure (server gone) is unavailable (retry)', async () => {
    const { server, exchange } = await pair();
    close = () => exchange.close();
    await server.close();
    await expect(exchange.candles('1m', 5)).rejects.toMatchObject({
      errorName: 'EXCHANGE_UNAVAILABLE',
      recovery: 'retry',
    });
  });
});
