import path from 'node:path';
import { CodedError } from '@balancer/core';
import type { Config } from '../config/schema.js';
import type { Logger } from '../logging/logger.js';
import type { CertificateSource } from './certificate-source.js';
import { FileCertificateSource } from './file-source.js';
import { machineNames } from './machine-names.js';
import { SelfSignedCertificateSource } from './self-signed-source.js';

export type TlsConfig = Pick<Config, 'TLS' | 'TLS_CERT_FILE' | 'TLS_KEY_FILE' | 'BALANCER_DATA_DIR'>;

export interface SourceContext {
  logger: Logger;
  /** Wall time, epoch ms. */
  now: () => number;
  /** A refused certificate change (the old pair stays served): told to the operator. */
  onRejected: (error: CodedError) => void;
}

/**
 * The certificate source config.TLS asks for, not started; null for plain HTTP. ACME's source
 * is passed in by the caller (StartOptions.certificateSource) until it is built here.
 */
export function createCertificateSource(config: TlsConfig, context: SourceContext): CertificateSource | null {
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
    case 'self-signed':
      return new SelfSignedCertificateSource({
        folder: path.resolve(config.BALANCER_DATA_DIR, 'tls'),
        names: machineNames(),
        now: context.now,
        onPrepared: (how, reason) =>
          context.logger.info({ how, reason }, `self-signed TLS certificate ${how}: ${reason}`),
      });
    case 'acme':
      throw new CodedError('TLS_SOURCE_UNAVAILABLE', 'PUBLIC_DOMAIN (ACME) is not wired in yet');
  }
}
