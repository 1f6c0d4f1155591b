import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import type { PortState } from './judge-network.js';

/** 0.0.0.0 and :: are where a server listens, not where a client connects. */
export function connectHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}

/** Tries to listen on host:port for an instant; EADDRINUSE is answered by asking /ready there. */
export async function probePort(
  host: string,
  port: number,
  https: boolean,
  timeoutMs: number,
): Promise<PortState> {
  const code = await new Promise<string | undefined>((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
  if (code === undefined) return { state: 'free' };
  if (code === 'EACCES') return { state: 'denied' };
  if (code !== 'EADDRINUSE') return { state: 'unavailable', message: code };
  const status = await readyStatus(connectHost(host), port, https, timeoutMs);
  if (status === undefined) return { state: 'other' };
  return { state: 'balancer', ready: status === 200 };
}

/**
 * GET /ready: the HTTP status when the answer is Balancer's (200 `{"ready":true…}` or 503 with
 * code 6002), undefined for anything else. The certificate is not judged here (tls checks do).
 */
function readyStatus(
  host: string,
  port: number,
  https: boolean,
  timeoutMs: number,
): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = (https ? httpsRequest : httpRequest)(
      { host, port, path: '/ready', method: 'GET', timeout: timeoutMs, rejectUnauthorized: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (body.length < 65_536) body += chunk;
        });
        response.on('end', () => {
          const ours =
            (response.statusCode === 200 && /"ready"\s*:\s*true/.test(body)) ||
            (response.statusCode === 503 && body.includes('6002'));
          resolve(ours ? response.statusCode : undefined);
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(undefined));
    request.end();
  });
}
