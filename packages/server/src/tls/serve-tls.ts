import type { Server } from 'node:http';
import type { Server as TlsServer } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/schema.js';
import type { Logger } from '../logging/logger.js';
import type { CertificateSource, ChallengeResponder } from './certificate-source.js';
import { closeRedirect, listenRedirect, type RedirectOptions } from './redirect-server.js';

/** What start.ts keeps of the TLS serving, to stop it. */
export interface TlsServing {
  /** The plain-HTTP redirect listener's port, or null without HTTP_PORT. */
  httpPort: number | null;
  stop(): Promise<void>;
}

/** The plain-HTTP listener on HTTP_PORT: redirects to HTTPS and answers ACME HTTP-01 challenges. */
export interface PlainHttp {
  server: Server;
  /** Read per request: the HTTPS port is set once the app listens (PORT may be 0). */
  options: RedirectOptions;
}

/**
 * Opens HTTP_PORT (when set) before the certificate source starts: an ACME source's first order
 * is validated there. Redirects point at PORT, and only at PUBLIC_DOMAIN, until serveTls knows
 * the port listened on and adds the certificate's names.
 */
export async function openPlainHttp(
  config: Pick<Config, 'HOST' | 'HTTP_PORT' | 'PORT' | 'PUBLIC_DOMAIN'>,
  challenges?: ChallengeResponder,
): Promise<PlainHttp | null> {
  if (config.HTTP_PORT <= 0) return null;
  const configured = config.PUBLIC_DOMAIN ? [config.PUBLIC_DOMAIN] : [];
  const options: RedirectOptions = { httpsPort: config.PORT, challenges, names: () => configured };
  return { server: await listenRedirect(config.HTTP_PORT, config.HOST, options), options };
}

/**
 * Wires a started source to the listening HTTPS app: every new pair goes into the server's
 * secure context (new connections get it; open ones keep theirs, so none is dropped), and the
 * plain-HTTP listener, if any, redirects to the port the app listens on, on the configured name
 * or one of the certificate's (read per request: a renewal may change them). stop() closes both
 * and stops the source.
 */
export function serveTls(
  app: FastifyInstance,
  source: CertificateSource,
  plain: PlainHttp | null,
  httpsPort: number,
  logger: Logger,
): TlsServing {
  const server = app.server as unknown as TlsServer;
  const unsubscribe = source.onChange((pair) => {
    server.setSecureContext({ cert: pair.cert, key: pair.key });
    const { fingerprint256, notAfter } = source.describe();
    logger.info(
      { fingerprint256, notAfter: new Date(notAfter).toISOString() },
      'TLS certificate changed: serving the new one',
    );
  });
  if (plain) {
    const configured = plain.options.names;
    plain.options.httpsPort = httpsPort;
    plain.options.names = () => [...configured(), ...source.describe().names];
  }
  const address = plain?.server.address();
  return {
    httpPort: typeof address === 'object' && address ? address.port : null,
    stop: async () => {
      unsubscribe();
      if (plain) await closeRedirect(plain.server);
      await source.stop();
    },
  };
}
