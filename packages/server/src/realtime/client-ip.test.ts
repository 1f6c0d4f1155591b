import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientIpResolver, type TrustProxySetting } from './client-ip.js';

const SETTINGS: TrustProxySetting[] = [false, true, 0, 2, '127.0.0.1', '10.0.0.0/8, 127.0.0.1', '::1'];
const PEERS = ['127.0.0.1', '10.1.2.3', '203.0.113.5', '::1'];
const FORWARDED: Array<string | undefined> = [
  undefined,
  '198.51.100.7',
  '198.51.100.7, 10.0.0.9',
  'garbage, 10.0.0.9',
];

describe('clientIpResolver', () => {
  it.each(SETTINGS.map((setting) => [setting]))(
    'agrees with fastify request.ip under TRUST_PROXY=%j',
    async (setting) => {
      // fastify accepts a hop count at run time; its types omit number.
      const app = Fastify({ trustProxy: setting as boolean | string });
      const resolve = clientIpResolver(setting);
      app.get('/ip', async (request) => ({ fastify: request.ip, ours: resolve(request.raw) }));
      await app.ready();
      for (const remoteAddress of PEERS) {
        for (const forwarded of FORWARDED) {
          const headers = forwarded ? { 'x-forwarded-for': forwarded } : {};
          const res = await app.inject({ method: 'GET', url: '/ip', remoteAddress, headers });
          const { fastify, ours } = res.json() as { fastify: string; ours: string };
          expect(ours, `${remoteAddress} forwarding ${forwarded}`).toBe(fastify);
        }
      }
      await app.close();
    },
  );

  it('ignores X-Forwarded-For unless the peer is a trusted proxy', async () => {
    const request = (remoteAddress: string) =>
      ({ socket: { remoteAddress }, headers: { 'x-forwarded-for': '198.51.100.7' } }) as never;
    expect(clientIpResolver(false)(request('203.0.113.5'))).toBe('203.0.113.5');
    expect(clientIpResolver('127.0.0.1')(request('203.0.113.5'))).toBe('203.0.113.5');
    expect(clientIpResolver('127.0.0.1')(request('127.0.0.1'))).toBe('198.51.100.7');
    expect(clientIpResolver(2)(request('127.0.0.1'))).toBe('127.0.0.1');
  });
});
