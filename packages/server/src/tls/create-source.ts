import path from 'node:path';
import type { CodedError } from '@balancer/core';
import type { Config } from '../config/schema.js';
import type { Logger } from '../logging/logger.js';
import type { NotificationPort } from '../shared/notifications.js';
import type { AcmeCertificateSource } from './acme/acme-source.js';
import type { CertificateSource, ChallengeResponder } from './certificate-source.js';
import { FileCertificateSource } from './file-source.js';
import { machineNames } from './machine-names.js';

export type TlsConfig = Pick<
  Config,
  | 'TLS'
  | 'TLS_CERT_FILE'
  | 'TLS_KEY_FILE'
  | 'BALANCER_DATA_DIR'
  | 'PUBLIC_DOMAIN'
  | 'ACME_DIRECTORY_URL'
  | 'ACME_EMAIL'
  | 'ACME_CA_FILE'
>;

export interface SourceContext {
  logger: Logger;
  /** Wall time, epoch ms. */
  now: () => number;
  /** A refused certificate change (the old pair stays served): told to the operator. */
  onRejected: (error: CodedError) => void;
  /** Where the ACME source reports failed and recovered renewals. */
  notifications: NotificationPort;
}

/**
 * The certificate source config.TLS asks for, not started; null for plain HTTP. The self-signed and
 * ACME sources are imported only when asked for: selfsigned and acme-client cost about half a
 * second and 20–30 MB to load, which a plain-HTTP start (the default) never needs.
 */
export async function createCertificateSource(
  config: TlsConfig,
  context: SourceContext,
): Promise<CertificateSource | null> {
  switch (config.TLS) {
    case 'off':
      return null;
    case 'files':
      return new FileCertificateSource({
        certFile: path.resolve(config.TLS_CERT_FILE as string),
        keyFile: path.resolve(config.TLS_KEY_FILE as string),
        now: context.now,
        onRejected: context.onRejected,
      });
    case 'self-signed': {
      const { SelfSignedCertificateSource } = await import('./self-signed-source.js');
      return new SelfSignedCertificateSource({
        folder: path.resolve(config.BALANCER_DATA_DIR, 'tls'),
        names: machineNames(),
        now: context.now,
        onPrepared: (how, reason) =>
          context.logger.info({ how, reason }, `self-signed TLS certificate ${how}: ${reason}`),
      });
    }
    case 'acme': {
      const [{ AcmeCertificateSource }, { AcmeStore }, { trustAcmeCa }] = await Promise.all([
        import('./acme/acme-source.js'),
        import('./acme/acme-store.js'),
        import('./acme/ca-trust.js'),
      ]);
      if (config.ACME_CA_FILE) trustAcmeCa(path.resolve(config.ACME_CA_FILE));
      return new AcmeCertificateSource({
        domain: config.PUBLIC_DOMAIN as string,
        directoryUrl: config.ACME_DIRECTORY_URL,
        email: config.ACME_EMAIL,
        store: new AcmeStore(path.resolve(config.BALANCER_DATA_DIR, 'tls', 'acme')),
        logger: context.logger,
        notifications: context.notifications,
        now: context.now,
      });
    }
  }
}

/** What answers ACME HTTP-01 challenges on HTTP_PORT: the ACME source's, else none. */
export function challengeResponderOf(source: CertificateSource | null): ChallengeResponder | undefined {
  return source?.mode === 'acme' ? (source as AcmeCertificateSource).respond : undefined;
}
