import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useWebHost } from './web-host.js';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
let app: FastifyInstance;

beforeAll(async () => {
  // A web build as vite writes it: hashed assets with .br/.gz copies, the worker and manifest.
  const root = mkdtempSync(path.join(tmpdir(), 'balancer-web-host-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><meta name="balancer-api" content="" /><title>Balancer</title>',
  );
  writeFileSync(path.join(root, 'assets', 'index-1234.js'), SCRIPT);
  writeFileSync(path.join(root, 'assets', 'index-1234.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(root, 'assets', 'index-1234.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"Balancer"}');
  app = Fastify();
  await useWebHost(app, root);
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web host', () => {
  it('marks the page it serves as sharing its origin with the API, under every path that serves it', async () => {
    const marked = '<meta name="balancer-api" content="same-origin" />';
    for (const [url, accept] of [
      ['/', 'text/html'],
      ['/auth/sign-in', 'text/html'],
      ['/index.html', '*/*'], // the service worker's precache fetch
    ] as const) {
      const page = await app.inject({
        method: 'GET',
        url,
        headers: { accept, 'accept-encoding': 'gzip, br' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(page.body).toContain(marked);
    }
    expect((await get('/no-such-file.js')).statusCode).toBe(404);
  });

  it("sends an asset's brotli copy, else its gzip copy, else the file, varying on Accept-Encoding", async () => {
    const brotli = await get('/assets/index-1234.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await get('/assets/index-1234.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const response of [brotli, gzip, plain]) {
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toContain('accept-encoding');
    }
  });

  it('serves the service worker uncached (a new version is seen at once) and the manifest with its type', async () => {
    const worker = await get('/sw.js', 'br');
    expect([worker.statusCode, worker.headers['content-type'], worker.headers['cache-control']]).toEqual([
      200,
      'application/javascript; charset=utf-8',
      'no-cache',
    ]);
    const manifest = await get('/manifest.webmanifest');
    expect([manifest.statusCode, manifest.headers['content-type']]).toEqual([
      200,
      'application/manifest+json',
    ]);
  });
});
