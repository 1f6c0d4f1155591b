import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ok } from '@balancer/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from './testing/test-app.js';

const echoBody = z.object({ amount: z.number().positive(), note: z.string().max(10).optional() }).strict();

function addTestRoutes(app: FastifyInstance) {
  app.post('/echo', { schema: { body: echoBody }, config: { beforeReady: true } }, async (request) =>
    ok(request.body),
  );
  app.get('/needs-database', async () => ok('never reached before ready'));
  app.get('/boom', { config: { beforeReady: true } }, async () => {
    throw new Error('a bug');
  });
}

let app: FastifyInstance;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'balancer-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Balancer</title>');
  writeFileSync(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
  ({ app } = await buildTestApp({
    webRoot,
    config: { GUI_URL: ['https://gui.example.com'] },
    extend: addTestRoutes,
  }));
});
afterAll(() => app.close());

const post = (payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/echo', payload, headers: { 'content-type': contentType } });

describe('API basics', () => {
  it('answers /ping with the caller IP in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/ping', remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { ip: '10.1.2.3' }, error: null });
  });

  it('answers 6002 before the platform is ready, and 503 on /ready', async () => {
    const res = await app.inject({ method: 'GET', url: '/needs-database' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      error: 'The platform is starting up or busy, try again in 30 seconds{(6002)}',
    });
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error).toMatch(/\{\(6002\)\}$/);
  });

  it('gives a 404 envelope for unknown API routes and the app page to browsers', async () => {
    const api = await app.inject({
      method: 'GET',
      url: '/no/such/route',
      headers: { accept: 'application/json' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    expect(api.json()).toEqual({
      success: false,
      data: null,
      error: 'There is no such route: GET /no/such/route{(6001)}',
    });
    const post404 = await app.inject({ method: 'POST', url: '/no/such/route', payload: {} });
    expect(post404.statusCode).toBe(404);
    const page = await app.inject({ method: 'GET', url: '/app/positions', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Balancer</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers a URL the router cannot read with the envelope, not a bare 400', async () => {
    for (const url of ['/%ZZ', '/position/record/%E0%A4%A', `/position/record/${'9'.repeat(200)}`]) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json().error, url).toMatch(/\{\(6503\)\}$/);
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('accepts a valid JSON body', async () => {
    const res = await post(JSON.stringify({ amount: 5 }));
    expect(res.json()).toEqual({ success: true, data: { amount: 5 }, error: null });
  });
});

describe('bad input gets a coded envelope error, never a 500', () => {
  const cases: Array<[string, () => ReturnType<typeof post>, string]> = [
    ['malformed JSON', () => post('{"amount": 5'), '{(6500)}'],
    ['an empty JSON body', () => post(''), '{(6500)}'],
    [
      'a body over 100 kB',
      () => post(JSON.stringify({ amount: 1, note: 'x'.repeat(101 * 1024) })),
      '{(6501)}',
    ],
    ['a wrong content type', () => post('amount=5', 'application/x-www-form-urlencoded'), '{(6502)}'],
    ['a text body', () => post('hello', 'text/plain'), '{(6502)}'],
    ['a field of the wrong type', () => post(JSON.stringify({ amount: 'five' })), '{(6503)}'],
    ['an unknown field', () => post(JSON.stringify({ amount: 1, admin: true })), '{(6503)}'],
    ['a JSON array', () => post('[1,2]'), '{(6503)}'],
    ['a prototype-pollution key', () => post('{"amount":1,"__proto__":{"x":1}}'), '{(6500)}'],
  ];
  for (const [what, send, suffix] of cases) {
    it(`refuses ${what}`, async () => {
      const res = await send();
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.data).toBeNull();
      expect(body.error.endsWith(suffix)).toBe(true);
    });
  }

  it('names the bad field in a validation error', async () => {
    const res = await post(JSON.stringify({ amount: -1 }));
    expect(res.json().error).toMatch(/^The request is invalid: body\.amount: .*\{\(6503\)\}$/);
  });

  it('keeps serving after bad input', async () => {
    await post('{{{');
    const res = await app.inject({ method: 'GET', url: '/ping' });
    expect(res.json().success).toBe(true);
  });

  it('answers an unexpected failure with code 6000 and no internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      error: 'An unexpected error occurred; it has been logged{(6000)}',
    });
  });
});

describe('headers', () => {
  const page = () => app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });

  it('sends the pages a CSP that allows the captcha blob: workers', async () => {
    const res = await page();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends every one of helmet's headers with documents and files: pages and assets", async () => {
    // helmet 8's defaults with the embedder policy off (plugins/security.ts).
    const expected = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    for (const res of [await page(), asset]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject(expected);
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'self';/);
    }
  });

  it('denies documents the browser features the app does not use, and keeps the clipboard', async () => {
    const policy = String((await page()).headers['permissions-policy']);
    for (const denied of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid'])
      expect(policy).toContain(`${denied}=()`);
    expect(policy).toContain('clipboard-read=(self)');
    expect(policy).toContain('clipboard-write=(self)');
    expect(policy).not.toMatch(/clipboard-(read|write)=\(\)/);
  });

  it('sends JSON answers the API set, on routes, errors and unknown paths alike', async () => {
    const expected = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    };
    for (const url of ['/ping', '/boom', '/no-such-route']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers).toMatchObject(expected);
      for (const documentOnly of ['origin-agent-cluster', 'x-xss-protection', 'cross-origin-opener-policy'])
        expect(res.headers[documentOnly]).toBeUndefined();
    }
  });

  it('allows the configured GUI origin with credentials, and no other', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/ping',
      headers: { origin: 'https://gui.example.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe('https://gui.example.com');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    const other = await app.inject({
      method: 'GET',
      url: '/ping',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS with no GUI_URL', () => {
  it('is off: a preflight gets the 404 envelope and no access-control header', async () => {
    const { app: local } = await buildTestApp({ webRoot: null, config: { GUI_URL: [] } });
    try {
      const preflight = await local.inject({
        method: 'OPTIONS',
        url: '/ping',
        headers: { origin: 'https://gui.example.com', 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(404);
      expect(preflight.json().error).toMatch(/\{\(6001\)\}$/);
      const cross = await local.inject({
        method: 'GET',
        url: '/ping',
        headers: { origin: 'https://gui.example.com' },
      });
      expect(cross.json().success).toBe(true);
      expect(Object.keys(cross.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    } finally {
      await local.close();
    }
  });
});

describe('Cache-Control', () => {
  it('is no-store on every API answer, successes and errors alike', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/ping' }),
      app.inject({ method: 'GET', url: '/ready' }),
      app.inject({ method: 'GET', url: '/needs-database' }),
      app.inject({ method: 'GET', url: '/boom' }),
      post('{"amount": 1}'),
      post('{not json'),
      app.inject({ method: 'GET', url: '/no-such-route' }),
    ]);
    expect(answers.map((res) => res.headers['cache-control'])).toEqual(Array(7).fill('no-store'));
  });

  it('leaves the web app its own caching', async () => {
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const route = await app.inject({
      method: 'GET',
      url: '/app/positions',
      headers: { accept: 'text/html' },
    });
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect([page, route, asset].map((res) => res.headers['cache-control'])).toEqual([
      'no-cache',
      'no-cache',
      'public, max-age=31536000, immutable',
    ]);
  });
});

describe('client IP', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/ping',
      remoteAddress: '10.0.0.9',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    expect(res.json().data.ip).toBe('10.0.0.9');
    const trusted = await buildTestApp({ config: { TRUST_PROXY: '10.0.0.9' } });
    const viaProxy = await trusted.app.inject({
      method: 'GET',
      url: '/ping',
      remoteAddress: '10.0.0.9',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    expect(viaProxy.json().data.ip).toBe('1.2.3.4');
    await trusted.app.close();
  });
});
