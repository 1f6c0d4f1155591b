import type { Server } from 'node:http';
import type { Server as TlsServer } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/schema.js';
import type { Logger } from '../logging/logger.js';
import type { CertificateSource, ChallengeResponder } from './certificate-source.js';
import { closeRedirect, listenRedirect } from './redirect-server.js';

/** What start.ts keeps of the TLS serving, to stop it. */
export interface TlsServing {
  /** The plain-HTTP redirect listener's port, or null without HTTP_PORT. */
  httpPort: number | null;
  stop(): Promise<void>;
}

/**
 * Wires a started source to the listening HTTPS app: every new pair goes into the server's
 * secure context (new connections get it; open ones keep theirs, so none is dropped), and with
 * HTTP_PORT a plain-HTTP listener redirects to HTTPS and answers ACME HTTP-01 challenges.
 */
export async function serveTls(
  app: FastifyInstance,
  source: CertificateSource,
  config: Pick<Config, 'HOST' | 'HTTP_PORT'>,
  httpsPort: number,
  logger: Logger,
  challenges?: ChallengeResponder,
): Promise<TlsServing> {
  const server = app.server as unknown as TlsServer;
  const unsubscribe = source.onChange((pair) => {
    server.setSecureContext({ cert: pair.cert, key: pair.key });
    const { fingerprint256, notAfter } = source.describe();
    logger.info(
      { fingerprint256, notAfter: new Date(notAfter).toISOString() },
      'TLS certificate changed: serving the new one',
    );
  });
  let redirect: Server | null = null;
  try {
    if (config.HTTP_PORT > 0) {
      redirect = await listenRedirect(config.HTTP_PORT, config.HOST, { httpsPort, challenges });
    }
  } catch (error) {
    unsubscribe();
    throw error;
  }
  const address = redirect?.address();
  return {
    httpPort: typeof address === 'object' && address ? address.port : null,
    stop: async () => {
      unsubscribe();
      if (redirect) await closeRedirect(redirect);
      await source.stop();
    },
  };
}
