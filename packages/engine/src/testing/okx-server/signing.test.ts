import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OkxServer, startOkxServer } from './server.js';
import { okxSign } from './signing.js';

let server: OkxServer;
beforeEach(async () => {
  server = await startOkxServer({ port: 0 });
});
afterEach(() => server.close());

/** A private GET signed by hand over `signedPath` (what OKX calls requestPath). */
async function get(path: string, signedPath: string, timestamp = new Date().toISOString()) {
  const { apiKey, secret, passphrase } = server.credentials;
  const res = await fetch(`${server.url}${path}`, {
    headers: {
      'OK-ACCESS-KEY': apiKey,
      'OK-ACCESS-SIGN': okxSign(secret, timestamp, 'GET', signedPath),
      'OK-ACCESS-TIMESTAMP': timestamp,
      'OK-ACCESS-PASSPHRASE': passphrase,
    },
  });
  return [res.status, ((await res.json()) as { code: string }).code];
}

describe('OKX signing', () => {
  it("signs a GET's query as part of requestPath", async () => {
    const path = '/api/v5/account/balance?ccy=BTC';
    expect(await get(path, path)).toEqual([200, '0']);
    expect(await get(path, '/api/v5/account/balance')).toEqual([401, '50113']);
  });

  it('wants the timestamp in ISO form with milliseconds', async () => {
    const path = '/api/v5/account/balance';
    expect(await get(path, path, String(Math.floor(Date.now() / 1000)))).toEqual([401, '50112']);
    expect(await get(path, path, new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'))).toEqual([401, '50112']);
  });
});
