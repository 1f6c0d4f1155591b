import type { IncomingMessage } from 'node:http';

/** The host (name and port) an origin such as `https://bot.example.com:8443` names, or null. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a stream handshake may go on, judged by its `Origin` header: browsers always send one,
 * and it must name the host the request was sent to (the app's own page; behind a trusted proxy,
 * the host the proxy was asked for) or one of the GUI_URL origins. A request without an Origin
 * does not come from a web page (a script, a test, the benchmark): the cookie check alone decides.
 */
export function originAllowed(
  request: Pick<IncomingMessage, 'headers'>,
  guiOrigins: readonly string[],
  trustProxy: boolean,
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (guiOrigins.some((allowed) => allowed.toLowerCase() === origin.toLowerCase())) return true;
  const host = hostOf(origin);
  if (host === null) return false;
  const forwarded = trustProxy ? request.headers['x-forwarded-host'] : undefined;
  const requested = (typeof forwarded === 'string' ? forwarded.split(',')[0] : request.headers.host)?.trim();
  return requested !== undefined && requested.toLowerCase() === host;
}
