import { type TlsStatus, tlsStatusSchema } from '@balancer/core';
import { defineRoute, type RouteSpec } from '../http/route-spec.js';
import type { CertificateSource } from './certificate-source.js';

/** The certificate served now, as the API shows it; TLS off gives nulls. */
export function tlsStatus(source: CertificateSource | null): TlsStatus {
  if (!source) return { mode: 'off', fingerprint256: null, names: [], notAfter: null, issuer: null };
  return { mode: source.mode, ...source.describe() };
}

/** `/ready`'s part: mode and fingerprint only (anyone may compare the fingerprint). */
export function tlsPublic(source: CertificateSource | null): Pick<TlsStatus, 'mode' | 'fingerprint256'> {
  const { mode, fingerprint256 } = tlsStatus(source);
  return { mode, fingerprint256 };
}

/** `GET /server/tls` for the Server screen: mode, fingerprint, names, expiry and issuer. */
export function tlsRoutes(source: CertificateSource | null): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/server/tls',
      summary:
        'How the platform serves HTTPS: mode, certificate fingerprint (SHA-256), names, expiry, issuer',
      tag: 'server',
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: tlsStatusSchema,
      handler: async () => tlsStatus(source),
    }),
  ];
}
