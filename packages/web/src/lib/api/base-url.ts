/** The API's port when the page is reached by an IP address (docs/web.md, API base URL). */
export const API_PORT = '5075';
/** The fixed prefix of the API subdomain when the page is reached by a domain name. */
export const API_SUBDOMAIN = 'api.';

/** The parts of `window.location` the rule reads (a plain object in tests). */
export interface PageLocation {
  protocol: string;
  hostname: string;
  port: string;
  origin: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function isIpAddress(hostname: string): boolean {
  // `URL.hostname` writes IPv6 hosts in brackets; anything with a colon is IPv6.
  return IPV4.test(hostname) || hostname.startsWith('[') || hostname.includes(':');
}

/**
 * Where the API lives, without a trailing slash ('' would be relative; we always answer an origin):
 *
 * 1. `configured` (the build's `VITE_API_URL`) when set: an explicit deployment choice wins.
 * 2. The page's own origin when the host is a loopback name or the page is on port 5075. This is
 *    the default install: the Balancer server serves the web app and the API from one origin
 *    (http://localhost:5075, http://127.0.0.1:5075, or any IP on port 5075).
 * 3. An IP host on another port (a separately served GUI): the same host on port 5075.
 * 4. A domain name: the `api.` subdomain of the parent domain (the host without a leading
 *    'www.'), with the 'www.' kept in front, e.g. www.example.com → www.api.example.com and
 *    example.com → api.example.com; the page's scheme and port are kept.
 */
export function apiBaseUrl(page: PageLocation, configured?: string): string {
  if (configured) return configured.replace(/\/+$/, '');
  const { protocol, hostname, port } = page;
  if (LOOPBACK.has(hostname) || port === API_PORT) return page.origin;
  if (isIpAddress(hostname)) return `${protocol}//${hostname}:${API_PORT}`;
  const www = hostname.startsWith('www.') ? 'www.' : '';
  const parent = hostname.slice(www.length);
  return `${protocol}//${www}${API_SUBDOMAIN}${parent}${port ? `:${port}` : ''}`;
}

/** True when the Balancer server itself sent this page (it marks index.html; see web-host.ts). */
function servedByApi(): boolean {
  return document.querySelector('meta[name="balancer-api"]')?.getAttribute('content') === 'same-origin';
}

/**
 * The base URL for this page, read once (the page's host does not change while it runs). A page
 * the Balancer server sent calls that same server, whatever the host is called (a domain behind
 * a TLS proxy included); a GUI hosted elsewhere follows `apiBaseUrl`'s rule.
 */
export function currentApiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL as string | undefined;
  if (!configured && servedByApi()) return window.location.origin;
  return apiBaseUrl(window.location, configured);
}
