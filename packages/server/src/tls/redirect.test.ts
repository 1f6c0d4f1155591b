import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeToken, hostName, httpsLocation, redirectHost } from './redirect.js';
import { closeRedirect, listenRedirect } from './redirect-server.js';
import { testRequest } from './test-https-client.js';

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

  it('keeps the Host only when the configured or certificate names cover it, else the primary name', () => {
    const names = ['bot.example.com', 'localhost', '127.0.0.1', '::1', '*.lan.example.com'];
    expect(redirectHost('bot.example.com', names)).toBe('bot.example.com');
    expect(redirectHost('127.0.0.1', names)).toBe('127.0.0.1');
    expect(redirectHost('[::1]', names)).toBe('[::1]');
    expect(redirectHost('pi.lan.example.com', names)).toBe('pi.lan.example.com');
    // Never the request's own name: a wildcard covers one label, and an unknown Host (or none)
    // gets the first name that is neither a wildcard nor loopback.
    expect(redirectHost('evil.example', names)).toBe('bot.example.com');
    expect(redirectHost('a.b.lan.example.com', names)).toBe('bot.example.com');
    expect(redirectHost('lan.example.com', names)).toBe('bot.example.com');
    expect(redirectHost(null, names)).toBe('bot.example.com');
    expect(redirectHost('evil.example', ['localhost', '::1'])).toBe('localhost');
    expect(redirectHost('evil.example', ['::1'])).toBe('[::1]');
    expect(redirectHost('evil.example', ['*.example.com'])).toBeNull();
    expect(redirectHost('evil.example', [])).toBeNull();
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
      names: () => ['bot.example.com', '127.0.0.1'],
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

  it('sends a Host it does not serve to its own name, never to the Host given', async () => {
    for (const host of ['evil.example', 'evil.example:80', 'evil.example/x']) {
      const response = await testRequest(`${base}/a?b=1`, { headers: { host } });
      expect([host, response.status, response.headers.location]).toEqual([
        host,
        301,
        'https://bot.example.com:8443/a?b=1',
      ]);
    }
  });

  it('answers known ACME challenges with their key authorization and 404 otherwise', async () => {
    const known = await fetch(`${base}/.well-known/acme-challenge/known`);
    expect([known.status, await known.text()]).toEqual([200, 'known.thumbprint']);
    expect((await fetch(`${base}/.well-known/acme-challenge/other`)).status).toBe(404);
  });

  it('refuses a port already taken with code 8830', async () => {
    const port = (server.address() as AddressInfo).port;
    await expect(
      listenRedirect(port, '127.0.0.1', { httpsPort: 8443, names: () => [] }),
    ).rejects.toMatchObject({
      code: 8830,
    });
  });
});
