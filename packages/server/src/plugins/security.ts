import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** HSTS lifetime with TLS on: 180 days (15,552,000 s). */
export const HSTS_MAX_AGE_S = 15_552_000;

/**
 * Browser features no page of the app uses, switched off for every document and whatever it
 * embeds: a script injected by some future bug still cannot turn on the camera, read the
 * position or start a payment. Each name is one Chromium knows (an unknown one is a console
 * error, which the browser tests count as a failure).
 */
const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
/**
 * Features the app does use, for its own pages only: the clipboard (the copy buttons, the
 * one-time-code dialog's Paste). Notifications and push are not policy-controlled features.
 */
const SELF_FEATURES = ['clipboard-read', 'clipboard-write'];

/** The documents' Permissions-Policy: DENIED_FEATURES off, SELF_FEATURES for this origin only. */
export const PERMISSIONS_POLICY = [
  ...DENIED_FEATURES.map((feature) => `${feature}=()`),
  ...SELF_FEATURES.map((feature) => `${feature}=(self)`),
].join(', ');

/**
 * The headers helmet sets with `options`, worked out once. None of ours depends on the request
 * (no CSP nonces), yet helmet's fastify plugin builds its middleware again for every request
 * (parsing the CSP directives each time: ~7 % of a /ping); helmet itself computes them here, so
 * they stay exactly helmet's.
 */
export function helmetHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * The security headers of a JSON answer (the API's, its errors, unknown paths): what the OWASP
 * REST Security Cheat Sheet lists for an API. A JSON answer is never a document (nosniff), so the
 * document headers (a full CSP, Origin-Agent-Cluster, X-XSS-Protection, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, COOP) would do nothing there but cost
 * ~1 KB and ~20 % of a /ping. HSTS is the documents' own value.
 */
export function apiHeaders(documentHeaders: ReadonlyArray<readonly [string, string]>) {
  const hsts = documentHeaders.find(([name]) => name.toLowerCase() === 'strict-transport-security');
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'no-referrer'],
    ...(hsts ? [hsts] : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ] as ReadonlyArray<readonly [string, string]>;
}

/** Whether an answer of this content type is JSON (the API's envelope, the OpenAPI document). */
function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}

/**
 * Security headers and CORS. Documents and files (the web app's pages and assets, the API docs
 * page, downloads) get helmet's headers and PERMISSIONS_POLICY (a JSON answer runs nothing, so
 * it gets none); JSON answers the API set (apiHeaders). The CSP allows
 * `blob:` workers because the captcha widget solves its proof of work in workers built from
 * blobs. Every answer that sets no caching of its own (the API's: tokens, balances, users) gets
 * `Cache-Control: no-store`, so no browser cache or proxy keeps it; the web app's files keep
 * theirs (web-host.ts), as do the API documents. A header a route sets itself wins.
 */
export async function useSecurity(
  app: FastifyInstance,
  guiOrigins: readonly string[],
  { tls }: { tls: boolean } = { tls: false },
): Promise<void> {
  const documents: ReadonlyArray<readonly [string, string]> = [
    ...helmetHeaders({
      // Served over HTTPS: 180 days of HSTS, this host only (a sibling name may still be plain HTTP).
      // Plain HTTP keeps helmet's default, which a TLS proxy in front passes on.
      ...(tls ? { strictTransportSecurity: { maxAge: HSTS_MAX_AGE_S, includeSubDomains: false } } : {}),
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'worker-src': ["'self'", 'blob:'],
          'connect-src': ["'self'", ...guiOrigins],
          'img-src': ["'self'", 'data:', 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
  const api = apiHeaders(documents);
  app.addHook('onSend', (_request, reply, payload, done) => {
    const raw = reply.raw;
    // On the raw response: a header the route set on the reply still wins (writeHead merges it last).
    for (const [name, value] of isJson(reply.getHeader('content-type')) ? api : documents)
      raw.setHeader(name, value);
    if (!reply.hasHeader('cache-control') && !raw.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // A GUI served from another origin (GUI_URL) calls the API with credentials (cookies). With none
  // configured, CORS stays off: the plugin would only answer preflights with a 404, as Fastify does.
  if (guiOrigins.length === 0) return;
  await app.register(cors, {
    origin: [...guiOrigins],
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'otp-token'],
    maxAge: 600,
  });
}
