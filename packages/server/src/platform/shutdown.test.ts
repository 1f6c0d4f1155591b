import { Socket } from 'node:net';
import { ok } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.js';
import { buildTestApp } from '../testing/test-app.js';
import { Platform } from './platform.js';

/**
 * A listening test app with GET /slow, which waits until `release()`; `handling` resolves once a
 * request has entered it. `port` is where it listens.
 */
async function slowApp(platform?: Platform) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered: () => void = () => {};
  const handling = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const { app } = await buildTestApp({
    ...(platform ? { platform } : {}),
    extend: (instance) =>
      instance.get('/slow', { config: { beforeReady: true } }, async () => {
        entered();
        await gate;
        return ok('finished');
      }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, port, handling, release };
}

describe('stopping the HTTP server', () => {
  it('finishes an in-flight request and then refuses new connections', async () => {
    const { app, port, handling, release } = await slowApp();
    const base = `http://127.0.0.1:${port}`;

    const inFlight = fetch(`${base}/slow`).then((res) => res.json());
    await handling;
    const closing = app.close();
    release();
    expect(await inFlight).toEqual({ success: true, data: 'finished', error: null });
    await closing;
    await expect(fetch(`${base}/ping`)).rejects.toThrow();
  });
});

describe('draining, the first step of a stop', () => {
  it('answers new requests 6002 (and /ready 503) while the work in flight keeps the database', async () => {
    const platform = new Platform();
    const handle = { kind: 'pglite' } as DatabaseHandle;
    platform.markReady(handle);
    const { app } = await buildTestApp({ platform });
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.json().data).toMatchObject({ ready: true, database: 'pglite' });
    platform.drain();
    const draining = await app.inject({ method: 'GET', url: '/ready' });
    expect([draining.statusCode, draining.json().error]).toEqual([
      503,
      expect.stringMatching(/\{\(6002\)\}$/),
    ]);
    const api = await app.inject({ method: 'GET', url: '/notification' });
    expect(api.json().error).toMatch(/\{\(6002\)\}$/);
    expect(platform.database).toBe(handle);
    expect(platform.markStopping()).toBe(handle);
    expect(() => platform.database).toThrow();
    await app.close();
  });
});

describe('handing off, the first step of a stop behind a load balancer', () => {
  it('answers the request in flight with Connection: close and closes its kept-alive socket', async () => {
    const platform = new Platform();
    platform.markReady({ kind: 'pglite' } as DatabaseHandle);
    const { app, port, handling, release } = await slowApp(platform);
    // A proxy's kept-alive connection, busy with a request when the stop begins.
    const socket = new Socket();
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await handling;
    app.server.close();
    platform.handOff();
    const closing = app.close();
    release();
    await closed;
    await closing;
    expect(received.slice(0, 15)).toBe('HTTP/1.1 200 OK');
    expect(received).toMatch(/^connection: close\r$/im);
    expect(received).toContain('"finished"');
  });

  it('still answers new requests (the database is open) until the port closes', async () => {
    const platform = new Platform();
    platform.markReady({ kind: 'pglite' } as DatabaseHandle);
    const { app } = await buildTestApp({ platform });
    platform.handOff();
    const answer = await app.inject({ method: 'GET', url: '/ready' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.connection).toBe('close');
    await app.close();
  });
});
