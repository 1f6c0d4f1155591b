import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinanceServer, startBinanceServer } from './server.js';
import { signedRequest } from './test-client.js';

const NOW = 1_700_000_000_000;
const SECRET = 'secret-7f3a';
let server: BinanceServer;

beforeAll(async () => {
  server = await startBinanceServer({ now: () => NOW, apiKey: 'k1', secret: SECRET });
});
afterAll(() => server.close());

const account = (params: Record<string, string>, timestamp: number, apiKey = 'k1', secret = SECRET) =>
  signedRequest({
    base: server.url,
    method: 'GET',
    path: '/api/v3/account',
    params,
    timestamp,
    apiKey,
    secret,
  });

describe('signed requests', () => {
  it('accepts a correct signature and returns balances as strings', async () => {
    const res = await account({}, NOW);
    expect(res.status).toBe(200);
    expect(res.body.balances).toContainEqual({ asset: 'USDT', free: '10000.00000000', locked: '0.00000000' });
  });

  it('signs query + body concatenated without a separator (mixed request)', async () => {
    const query = 'symbol=BTCUSDT&side=BUY&type=MARKET';
    const body = `quantity=0.001&timestamp=${NOW}`;
    // Binance: totalParams = query string directly followed by the body.
    const signature = createHmac('sha256', SECRET)
      .update(query + body)
      .digest('hex');
    const res = await fetch(`${server.url}/api/v3/order?${query}`, {
      method: 'POST',
      headers: { 'X-MBX-APIKEY': 'k1', 'content-type': 'application/x-www-form-urlencoded' },
      body: `${body}&signature=${signature}`,
    });
    expect(res.status).toBe(200);
  });

  it('rejects a wrong signature (−1022), an unknown key (−2015, 401) and a missing signature', async () => {
    expect(await account({}, NOW, 'k1', 'wrong')).toMatchObject({ status: 400, body: { code: -1022 } });
    expect(await account({}, NOW, 'other')).toMatchObject({ status: 401, body: { code: -2015 } });
    const res = await fetch(`${server.url}/api/v3/account?timestamp=${NOW}`, {
      headers: { 'X-MBX-APIKEY': 'k1' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(-1102);
  });

  it('enforces the timestamp window: recvWindow default 5000, max 60000, 1 s ahead', async () => {
    expect((await account({}, NOW - 5000)).status).toBe(200);
    expect(await account({}, NOW - 5001)).toMatchObject({ status: 400, body: { code: -1021 } });
    expect((await account({ recvWindow: '10000' }, NOW - 6000)).status).toBe(200);
    expect(await account({}, NOW + 1001)).toMatchObject({ status: 400, body: { code: -1021 } });
    expect(await account({ recvWindow: '60001' }, NOW)).toMatchObject({ status: 400, body: { code: -1131 } });
  });

  it('logs requests without the signature or the key', async () => {
    await account({ recvWindow: '7000' }, NOW);
    const last = server.state.requests.at(-1);
    expect(last).toEqual({
      method: 'GET',
      path: '/api/v3/account',
      params: { recvWindow: '7000', timestamp: String(NOW) },
      signed: true,
      fault: null,
    });
    expect(JSON.stringify(server.state.requests)).not.toContain(SECRET);
  });
});
