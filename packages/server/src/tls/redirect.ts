/** A Host header's name part (no port); null when it is not a plausible host name or address. */
export function hostName(host: string | undefined): string | null {
  if (!host) return null;
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host.trim());
  return match?.[1]?.toLowerCase() ?? null;
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
