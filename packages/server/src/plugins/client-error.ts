import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { CodedError, fail } from '@balancer/core';

/** What Node's HTTP parser could not read, as the status and catalogue error answered. */
function refusalOf(code: string | undefined): { status: number; error: CodedError } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, error: new CodedError('HEADERS_TOO_LARGE') };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, error: new CodedError('REQUEST_TIMEOUT') };
  return {
    status: 400,
    error: new CodedError('INVALID_REQUEST', `the request could not be read (${code ?? 'unknown'})`),
  };
}

/** The raw HTTP/1.1 answer: the envelope, its byte length, and the connection closed after it. */
export function clientErrorResponse(code: string | undefined): string {
  const { status, error } = refusalOf(code);
  const body = JSON.stringify(fail(error.codedMessage));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses before Fastify sees it (headers
 * over the 16 kB limit, a malformed request line, a request that does not arrive in time) is
 * answered with the envelope like every other refusal, then the connection is closed. Like Node's
 * own handler, nothing is written once an answer on this connection has begun (it would corrupt
 * it), nor on a reset connection. The socket is destroyed once the answer is flushed, not when
 * the client gets round to closing its side.
 */
export function envelopeClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node's own check (lib/_http_server.js): the response in progress on this connection, if any.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error.code), () => socket.destroy());
}
