import type { ErrorSpec } from '../catalogue.js';

/** 8000 block, ACME certificates for PUBLIC_DOMAIN (docs/https.md): codes 8850–8899. */
export const ACME_ERRORS = {
  ACME_ORDER_FAILED: {
    code: 8850,
    message: 'The ACME certificate authority did not issue a certificate for PUBLIC_DOMAIN',
    recovery: 'retry',
  },
  ACME_STORE_FAILED: {
    code: 8851,
    message: 'The ACME account key or certificate could not be read or written in the data folder',
    recovery: 'alert',
  },
  ACME_CA_FILE_INVALID: {
    code: 8852,
    message: 'ACME_CA_FILE does not hold a PEM certificate',
    recovery: 'alert',
  },
  ACME_NO_CERTIFICATE: {
    code: 8853,
    message: 'No certificate for PUBLIC_DOMAIN yet: the ACME source has not started',
    recovery: 'retry',
    routine: true,
  },
} as const satisfies Record<string, ErrorSpec>;
