import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeToken, hostName, httpsLocation } from './redirect.js';
import { closeRedirect, listenRedirect } from './redirect-server.js';

describe('the HTTPS redirect', () => {
  it('keeps the host name, drops the plain-HTTP port and names the HTTPS one unless it is 443', () => {
    expect(hostName('Bot.Example.com:80')).toBe('bot.example.com');
    expect(hostName('[::1]:8080')).toBe('[::1]');
    expect(hostName('evil.com/x')).toBeNull();
    expect(hostName('a b')).toBeNull();
    expect(hostName(undefined)).toBeNull();
    expect(httpsLocation('bot.example.com', 443, '/a?b=1')).toBe('https://bot.example.com/a?b=1');
    expect(httpsLocation('192.168.1.20', 5075, '/')).toBe('https://192.168.1.20:5075/');
  });

  it('reads ACME HTTP-01 tokens only in their path', () => {
    expect(challengeToken('/.well-known/acme-challenge/abc_D-9')).toBe('abc_D-9');
    expect(challengeToken('/.well-known/acme-challenge/../x')).toBeNull();
    expect(challengeToken('/other')).toBeNull();
  });
});

describe('the redirect listener', () => {
  let server: Awaited<ReturnType<typeof listenRedirect>>;
  let base: string;
  beforeAll(async () => {
    server = await listenRedirect(0, '127.0.0.1', {
      httpsPort: 8443,
      challenges: (token) => (token === 'known' ? 'known.thumbprint' : undefined),
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => closeRedirect(server));

  it('answers 301 to https on the same host and path', async () => {
    const response = await fetch(`${base}/positions?x=1`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('https://127.0.0.1:8443/positions?x=1');
  });

  it('answers known ACME challenges with their key authorization and 404 otherwise', async () => {
    const known = await fetch(`${base}/.well-known/acme-challenge/known`);
    expect([known.status, await known.text()]).toEqual([200, 'known.thumbprint']);
    expect((await fetch(`${base}/.well-known/acme-challenge/other`)).status).toBe(404);
  });

  it('refuses a port already taken with code 8830', async () => {
    const port = (server.address() as AddressInfo).port;
    await expect(listenRedirect(port, '127.0.0.1', { httpsPort: 8443 })).rejects.toMatchObject({
      code: 8830,
    });
  });
});
