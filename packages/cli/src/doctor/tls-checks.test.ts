import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probePort } from './probe-port.js';
import { makeTestPair } from './test-certificates.js';
import { checkTls } from './tls-checks.js';

// The TLS checks against real files and a real HTTPS listener standing in for a running platform
// (it answers /ready as Balancer does), serving either the pair on disk or another one.

const folder = mkdtempSync(path.join(tmpdir(), 'balancer-doctor-tls-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function serve(pair: { cert: string; key: string }): Promise<{ server: Server; port: number }> {
  const server = createServer(pair, (_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"ready":true,"database":"pglite","links":{}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

describe('checkTls', () => {
  const onDisk = makeTestPair(folder, 'disk', 'DNS:bot.example.com');
  const other = makeTestPair(folder, 'other', 'DNS:bot.example.com');
  const config = {
    TLS: 'files' as const,
    TLS_CERT_FILE: onDisk.certFile,
    TLS_KEY_FILE: onDisk.keyFile,
    PUBLIC_DOMAIN: undefined,
    BALANCER_DATA_DIR: folder,
    HOST: '127.0.0.1',
  };

  it('compares the certificate a running server serves with the one on disk', async () => {
    for (const [served, expected] of [
      [onDisk, 'ok'],
      [other, 'warn'],
    ] as const) {
      const { server, port } = await serve(served);
      try {
        expect(await probePort('127.0.0.1', port, true, 1_000)).toEqual({ state: 'balancer', ready: true });
        const results = await checkTls({ ...config, PORT: port }, true, 1_000, Date.now());
        expect(results.find((result) => result.check === 'tls served')?.status).toBe(expected);
        expect(results.find((result) => result.check === 'tls key')?.status).toBe('ok');
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });

  it('fails an unreadable file, and waits for the self-signed pair the platform will make', async () => {
    const missing = await checkTls(
      { ...config, TLS_CERT_FILE: path.join(folder, 'nope.crt'), PORT: 1 },
      false,
      500,
      Date.now(),
    );
    expect(missing[0]).toMatchObject({ status: 'fail', detail: expect.stringContaining('ENOENT') });
    const fresh = path.join(folder, 'fresh');
    mkdirSync(fresh);
    const selfSigned = await checkTls(
      { ...config, TLS: 'self-signed', BALANCER_DATA_DIR: fresh, PORT: 1 },
      false,
      500,
      Date.now(),
    );
    expect(selfSigned[0]).toMatchObject({ status: 'ok', detail: expect.stringContaining('first start') });
    expect((await checkTls({ ...config, TLS: 'off', PORT: 1 }, false, 500, Date.now()))[0]?.status).toBe(
      'skip',
    );
  });
});
