import { ok } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app.js';

describe('stopping the HTTP server', () => {
  it('finishes an in-flight request and then refuses new connections', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const handling = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const { app } = await buildTestApp({
      extend: (instance) =>
        instance.get('/slow', { config: { beforeReady: true } }, async () => {
          entered();
          await gate;
          return ok('finished');
        }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const inFlight = fetch(`${base}/slow`).then((res) => res.json());
    await handling;
    const closing = app.close();
    release();
    expect(await inFlight).toEqual({ success: true, data: 'finished', error: null });
    await closing;
    await expect(fetch(`${base}/ping`)).rejects.toThrow();
  });
});
