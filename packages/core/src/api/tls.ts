import { z } from 'zod';
import { epochMsSchema } from './wire.js';

/** How the platform serves: plain HTTP, or HTTPS with which certificate (docs/https.md). */
export const tlsModeSchema = z.enum(['off', 'files', 'self-signed', 'acme']);
export type TlsMode = z.infer<typeof tlsModeSchema>;

/** `/ready`'s public part: the mode and, with TLS on, the certificate's SHA-256 fingerprint. */
export const tlsPublicSchema = z.object({
  mode: tlsModeSchema,
  /** Colon-separated upper-case hex, as browsers show it; null with TLS off. */
  fingerprint256: z.string().nullable(),
});

/** `GET /server/tls`: the certificate served now (null fields with TLS off). */
export const tlsStatusSchema = tlsPublicSchema.extend({
  /** The names and addresses the certificate is valid for. */
  names: z.array(z.string()),
  /** Expiry, epoch ms; null with TLS off. */
  notAfter: epochMsSchema.nullable(),
  issuer: z.string().nullable(),
});
export type TlsStatus = z.infer<typeof tlsStatusSchema>;
