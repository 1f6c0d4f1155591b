import { CodedError, fail, pingSchema, readinessSchema } from '@balancer/core';
import type { ClusterInstances } from '../../cluster/instances/cluster-instances.js';
import { projectLinks } from '../../config/project-links.js';
import type { Config } from '../../config/schema.js';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { Platform } from '../../platform/platform.js';
import type { CertificateSource } from '../../tls/certificate-source.js';
import { tlsPublic } from '../../tls/routes.js';

/**
 * `/ping` and `/ready`; /ready also carries the project's configured links (the landing reads them),
 * the TLS mode with the certificate's fingerprint, and which instance trades (docs/failover.md).
 */
export function healthRoutes(
  platform: Platform,
  config: Pick<Config, 'SOURCE_CODE_URL' | 'CONTACT_EMAIL'>,
  tls: CertificateSource | null = null,
  cluster: Pick<ClusterInstances, 'status'> | null = null,
): RouteSpec[] {
  const links = projectLinks(config);
  return [
    defineRoute({
      method: 'GET',
      url: '/ping',
      summary: "The caller's IP as this server sees it (behind TRUST_PROXY, the forwarded one)",
      tag: 'health',
      authority: 0,
      otp: false,
      rateTier: 'open',
      beforeReady: true,
      response: pingSchema,
      handler: async ({ ip }) => ({ ip }),
    }),
    defineRoute({
      method: 'GET',
      url: '/ready',
      summary:
        "Readiness for supervisors: 200 once started (the database, the cluster link and the engine: an order sent then is placed or forwarded), 503 with code 6002 while starting or stopping; with the project's configured links",
      tag: 'health',
      authority: 0,
      otp: false,
      rateTier: 'open',
      beforeReady: true,
      response: readinessSchema,
      handler: async ({ reply }) => {
        if (!platform.serving) {
          // Supervisors read the status code; the body still carries the envelope.
          reply.code(503);
          return reply.send(fail(new CodedError('SERVICE_NOT_READY').codedMessage));
        }
        return {
          ready: true as const,
          database: platform.database.kind,
          links,
          tls: tlsPublic(tls),
          cluster: cluster?.status() ?? {
            instance: 'this instance',
            leads: false,
            leader: null,
            instances: [],
          },
        };
      },
    }),
  ];
}
