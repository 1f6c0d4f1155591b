import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load.js';
import { buildTestApp } from '../testing/test-app.js';
import { clientIpResolver } from './client-ip.js';

/** TRUST_PROXY as an operator writes it in the environment, read by the real config loader. */
function trustProxyFrom(value: string | undefined) {
  const env = { BALANCER_DATA_DIR: '/nonexistent', TRUST_PROXY: value };
  // Secrets set, so that loading writes nothing.
  const secrets = Object.fromEntries(
    ['JWT_SECRET', 'COOKIE_SECRET', 'PASSWORD_PEPPER', 'ALTCHA_HMAC_KEY'].map((key) => [key, 'x'.repeat(43)]),
  );
  const { config } = loadConfig({
    ...env,
    ...secrets,
    ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    VAPID_PRIVATE_KEY: Buffer.alloc(32, 9).toString('base64url'),
  });
  return config.TRUST_PROXY;
}

/**
 * The client IP of an HTTP request (GET /ping; the raw request.ip for `url: '/raw-ip'`, a route
 * without the guards, which refuse an IP that is not valid) and of the socket handshake's resolver.
 */
async function clientIps(
  setting: ReturnType<typeof trustProxyFrom>,
  remoteAddress: string,
  forwarded?: string,
  url = '/ping',
) {
  const { app } = await buildTestApp({
    config: { TRUST_PROXY: setting },
    extend: (instance) =>
      instance.get('/raw-ip', { config: { beforeReady: true } }, async (request) => ({
        data: { ip: request.ip },
      })),
  });
  const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
  const res = await app.inject({ method: 'GET', url, remoteAddress, headers });
  await app.close();
  const raw = { socket: { remoteAddress }, headers } as unknown as IncomingMessage;
  return { http: (res.json() as { data: { ip: string } }).data.ip, socket: clientIpResolver(setting)(raw) };
}

// A client (198.51.100.7) behind two proxies: an inner one (10.0.0.8) and the one that connects
// to this server (10.0.0.9), which appends what it saw to X-Forwarded-For.
const CHAIN = '198.51.100.7, 10.0.0.8';

describe('TRUST_PROXY in each form the README gives: HTTP and the socket read the same client IP', () => {
  it.each([
    ['unset', undefined, '10.0.0.9'],
    ['false', 'false', '10.0.0.9'],
    ['true: every hop', 'true', '198.51.100.7'],
    ['hop count 0: none', '0', '10.0.0.9'],
    ['hop count 1: the peer only', '1', '10.0.0.8'],
    ['hop count 2: the peer and the inner proxy', '2', '198.51.100.7'],
    ['hop count 5: more than there are', '5', '198.51.100.7'],
    ['the peer’s address', '10.0.0.9', '10.0.0.8'],
    ['a range holding both proxies', '10.0.0.0/8', '198.51.100.7'],
    ['a list of both proxies', '10.0.0.9, 10.0.0.8', '198.51.100.7'],
  ])('%s (%j) → %s', async (_name, value, expected) => {
    expect(await clientIps(trustProxyFrom(value), '10.0.0.9', CHAIN)).toEqual({
      http: expected,
      socket: expected,
    });
  });

  it('a client that is no listed proxy cannot choose its IP with X-Forwarded-For', async () => {
    for (const value of [undefined, '10.0.0.0/8', '10.0.0.9, 10.0.0.8']) {
      const ips = await clientIps(trustProxyFrom(value), '203.0.113.5', '198.51.100.7');
      expect(ips, String(value)).toEqual({ http: '203.0.113.5', socket: '203.0.113.5' });
    }
  });

  it('behind a proxy given by hop count, two clients are two IPs (their own rate-limit buckets and blacklist entries)', async () => {
    const setting = trustProxyFrom('1');
    const first = await clientIps(setting, '127.0.0.1', '198.51.100.7');
    const second = await clientIps(setting, '127.0.0.1', '198.51.100.8');
    expect([first.http, second.http]).toEqual(['198.51.100.7', '198.51.100.8']);
  });

  it('agrees with HTTP for IPv6 peers and malformed forwarded addresses', async () => {
    for (const value of ['true', '1', '2', '::1', '127.0.0.1']) {
      for (const [peer, forwarded] of [
        ['::1', '2001:db8::7'],
        ['127.0.0.1', 'garbage, 10.0.0.9'],
        ['::ffff:127.0.0.1', '198.51.100.7'],
      ] as const) {
        const { http, socket } = await clientIps(trustProxyFrom(value), peer, forwarded, '/raw-ip');
        expect(socket, `${value}: ${peer} forwarding ${forwarded}`).toBe(http);
      }
    }
  });
});
