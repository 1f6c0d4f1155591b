import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** HSTS lifetime with TLS on: 180 days (15,552,000 s). */
export const HSTS_MAX_AGE_S = 15_552_000;

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
  await app.register(helmet, {
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
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
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
