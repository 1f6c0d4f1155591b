/** A Host header's name part (no port); null when it is not a plausible host name or address. */
export function hostName(host: string | undefined): string | null {
  if (!host) return null;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);

/** A name or address as a URL's host: an IPv6 address in brackets. */
function asUrlHost(name: string): string {
  return name.includes(':') ? `[${name}]` : name;
}

/** Whether certificate name `name` (maybe a wildcard, `*.example.com`: one label) covers `host`. */
function covers(name: string, host: string): boolean {
  if (!name.startsWith('*.')) return name === host;
  const dot = host.indexOf('.');
  return dot > 0 && host.slice(dot + 1) === name.slice(2);
}

/**
 * The host a redirect to HTTPS names: the request's own (from hostName) only when one of `names`
 * covers it, `names` being the configured name (PUBLIC_DOMAIN) and the certificate's, in order;
 * for any other Host, or none, the first of `names` that is neither a wildcard nor loopback (else
 * the first that is not a wildcard). Null when there is no such name. A Host header never
 * chooses where a browser is sent: `Host: evil.example` is not an open redirect to it.
 */
export function redirectHost(requested: string | null, names: readonly string[]): string | null {
  const known = names.map((name) => name.toLowerCase());
  const bare = requested?.replace(/^\[(.*)\]$/, '$1');
  if (bare && known.some((name) => covers(name, bare))) return asUrlHost(bare);
  const exact = known.filter((name) => !name.startsWith('*.'));
  const primary = exact.find((name) => !LOOPBACK.has(name)) ?? exact[0];
  return primary === undefined ? null : asUrlHost(primary);
}

/** Where a plain-HTTP request goes on HTTPS: same host and path, the HTTPS port (none for 443). */
export function httpsLocation(host: string, httpsPort: number, pathAndQuery: string): string {
  const port = httpsPort === 443 ? '' : `:${httpsPort}`;
  const target = pathAndQuery.startsWith('/') ? pathAndQuery : `/${pathAndQuery}`;
  return `https://${host}${port}${target}`;
}

const CHALLENGE_PATH = /^\/\.well-known\/acme-challenge\/([A-Za-z0-9_-]+)$/;

/** The ACME HTTP-01 token a path asks for, or null. */
export function challengeToken(pathname: string): string | null {
  return CHALLENGE_PATH.exec(pathname)?.[1] ?? null;
}
