import type { IncomingMessage } from 'node:http';
import { type TrustProxySetting, trustProxyFunction } from './client-ip.js';

/** The host (name and port) an origin such as `https://bot.example.com:8443` names, or null. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The host the client asked for: `X-Forwarded-Host` when the socket's peer is a proxy TRUST_PROXY
 * trusts (its last entry: the one that proxy added, as fastify reads it), else `Host`.
 */
function requestedHost(
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  trustProxy: TrustProxySetting,
): string | undefined {
  const trust = trustProxyFunction(trustProxy);
  const forwarded = request.headers['x-forwarded-host'];
  const peer = request.socket?.remoteAddress ?? '';
  if (trust && typeof forwarded === 'string' && trust(peer, 0)) return forwarded.split(',').at(-1)?.trim();
  return request.headers.host?.trim();
}

/**
 * Whether a stream handshake may go on, judged by its `Origin` header: browsers always send one,
 * and it must name the host the request was sent to (the app's own page; behind a trusted proxy,
 * the host the proxy was asked for) or one of the GUI_URL origins. A request without an Origin
 * does not come from a web page (a script, a test, the benchmark): the cookie check alone decides.
 */
export function originAllowed(
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  guiOrigins: readonly string[],
  trustProxy: TrustProxySetting,
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (guiOrigins.some((allowed) => allowed.toLowerCase() === origin.toLowerCase())) return true;
  const host = hostOf(origin);
  const requested = requestedHost(request, trustProxy);
  return host !== null && requested !== undefined && requested.toLowerCase() === host;
}
