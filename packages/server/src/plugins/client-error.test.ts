import { connect } from 'node:net';
import { parseCodedMessage } from '@balancer/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app.js';
import { clientErrorResponse } from './client-error.js';

/** Sends `raw` on a new connection; resolves with all the server wrote once it closed the connection. */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(raw);
  });
}

/** The status, headers (lower-case names) and body of one raw HTTP/1.1 answer. */
function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('requests Node refuses before Fastify', () => {
  let app: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    ({ app } = await buildTestApp());
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('answers headers over 16 kB with 431 in the envelope, its byte length, and closes the connection', async () => {
    const answer = parse(
      await exchange(port, `GET /ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers.connection).toBe('close');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    const envelope = JSON.parse(answer.body);
    expect(envelope).toMatchObject({ success: false, data: null });
    expect(parseCodedMessage(envelope.error).code).toBe(6504);
  });

  it('answers a request line it cannot read with 400 in the envelope', async () => {
    const answer = parse(await exchange(port, 'NOT A REQUEST\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(parseCodedMessage(JSON.parse(answer.body).error).code).toBe(6503);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  });

  it('still serves the next connection', async () => {
    const answer = parse(await exchange(port, 'GET /ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(answer.status).toBe(200);
  });

  it('answers a request that did not arrive in time with 408 and code 6505', () => {
    const answer = parse(clientErrorResponse('ERR_HTTP_REQUEST_TIMEOUT'));
    expect(answer.status).toBe(408);
    expect(parseCodedMessage(JSON.parse(answer.body).error).code).toBe(6505);
  });
});
