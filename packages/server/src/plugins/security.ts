import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** HSTS lifetime with TLS on: 180 days (15,552,000 s). */
export const HSTS_MAX_AGE_S = 15_552_000;

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
 * Security headers and CORS. The CSP allows `blob:` workers because the captcha widget solves
 * its proof of work in workers built from blobs. Every answer that sets no caching of its own
 * (the API's: tokens, balances, users) gets `Cache-Control: no-store`, so no browser cache or
 * proxy keeps it; the web app's files keep theirs (web-host.ts), as do the API documents.
 */
export async function useSecurity(
  app: FastifyInstance,
  guiOrigins: readonly string[],
  { tls }: { tls: boolean } = { tls: false },
): Promise<void> {
  const headers = helmetHeaders({
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
  });
  // On the raw response before anything else, as helmet's plugin does: a route may still override.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // A GUI served from another origin (GUI_URL) calls the API with credentials (cookies).
  await app.register(cors, {
    origin: guiOrigins.length > 0 ? [...guiOrigins] : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'otp-token'],
    maxAge: 600,
  });
}
