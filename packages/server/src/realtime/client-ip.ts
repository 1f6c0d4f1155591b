import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** TRUST_PROXY as the config holds it: off, on, a hop count, or a comma-separated list of IPs/CIDRs. */
export type TrustProxySetting = boolean | number | string;

/** Whether the hop at `address`, `hop` steps from this server (0: the socket's peer), is a trusted proxy. */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * The trust test of TRUST_PROXY (README, Configuration), or false when nothing is trusted. It is
 * fastify's `trustProxy` (app.ts) and the socket handshake's (below), so HTTP and the stream read
 * the same client IP:
 * - `true`: every hop; the client is the left-most X-Forwarded-For address;
 * - a hop count n: the n nearest hops (the peer and the last n − 1 forwarded addresses), whoever
 *   they are. fastify 5 would trust nothing for a plain number (it fails closed, since a count
 *   cannot tell a proxy from a client that connects directly), so the count is given to it as this
 *   function: the operator who sets it says that only the proxies can reach this server;
 * - a list of IPs/CIDRs: the hops at those addresses, nearest first, up to the first other one.
 */
export function trustProxyFunction(setting: TrustProxySetting): TrustFunction | false {
  if (setting === false || setting === 0) return false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting.split(',').map((part) => part.trim()));
}

/**
 * Reads a raw request's client IP exactly as fastify's `request.ip` does under the same
 * TRUST_PROXY, for requests fastify never sees (the socket handshake). Without a trusted proxy
 * it is the socket's peer address and X-Forwarded-For is ignored; with one, the forwarded
 * chain is followed only through trusted hops.
 */
export function clientIpResolver(setting: TrustProxySetting): (request: IncomingMessage) => string {
  const trust = trustProxyFunction(setting);
  if (!trust) return (request) => request.socket?.remoteAddress ?? '';
  return (request) => {
    const chain = proxyAddr.all(request, trust);
    return chain[chain.length - 1] ?? '';
  };
}
