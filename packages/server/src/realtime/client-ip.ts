import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** TRUST_PROXY as the config holds it: off, on, a hop count, or a comma-separated list of IPs/CIDRs. */
export type TrustProxySetting = boolean | number | string;

/**
 * The trust test fastify 5 builds from its `trustProxy` option (lib/request.js): everything,
 * nothing for a hop count (fastify fails closed there: a hop count cannot check who the
 * immediate peer is), or the listed addresses and ranges.
 */
function trustFunction(setting: true | number | string): (address: string, hop: number) => boolean {
  if (setting === true) return () => true;
  if (typeof setting === 'number') return () => false;
  return proxyAddr.compile(setting.split(',').map((part) => part.trim()));
}

/**
 * Reads a raw request's client IP exactly as fastify's `request.ip` does under the same
 * TRUST_PROXY, for requests fastify never sees (the socket handshake). Without a trusted proxy
 * it is the socket's peer address and X-Forwarded-For is ignored; with one, the forwarded
 * chain is followed only through trusted hops.
 */
export function clientIpResolver(setting: TrustProxySetting): (request: IncomingMessage) => string {
  if (!setting) return (request) => request.socket?.remoteAddress ?? '';
  const trust = trustFunction(setting);
  return (request) => {
    const chain = proxyAddr.all(request, trust);
    return chain[chain.length - 1] ?? '';
  };
}
