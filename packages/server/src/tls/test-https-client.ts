import { request as httpRequest } from 'node:http';
import { type Agent, request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';

export interface TestAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The server certificate's SHA-256 fingerprint (HTTPS), as a browser shows it. */
  fingerprint256?: string;
}

export interface TestRequest {
  method?: string;
  /** CA certificates to trust (PEM); nothing else is trusted. */
  ca?: string;
  /** A connection to reuse (keep-alive); default a new connection per request. */
  agent?: Agent;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * One request with node:http(s), checking the server's certificate against `ca` only, and
 * reporting the certificate the connection saw: tests compare it before and after a swap.
 */
export function testRequest(url: string, options: TestRequest = {}): Promise<TestAnswer> {
  const secure = url.startsWith('https:');
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = { ...options.headers, ...(body ? { 'content-type': 'application/json' } : {}) };
  return new Promise((resolve, reject) => {
    const handle = (response: import('node:http').IncomingMessage) => {
      const fingerprint256 = secure
        ? (response.socket as TLSSocket).getPeerCertificate().fingerprint256
        : undefined;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: text,
          ...(fingerprint256 ? { fingerprint256 } : {}),
        });
      });
    };
    const request = secure
      ? httpsRequest(
          url,
          { method: options.method ?? 'GET', headers, ca: options.ca, agent: options.agent ?? false },
          handle,
        )
      : httpRequest(url, { method: options.method ?? 'GET', headers, agent: false }, handle);
    request.on('error', reject);
    request.end(body);
  });
}

/** The envelope's data of a JSON answer (throws the envelope's error). */
export function dataOf<T>(answer: TestAnswer): T {
  const envelope = JSON.parse(answer.body) as { success: boolean; data: T; error: string | null };
  if (!envelope.success) throw new Error(envelope.error ?? `status ${answer.status}`);
  return envelope.data;
}
