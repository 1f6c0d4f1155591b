import type { ErrorSpec } from '../catalogue.js';

/** 8000 block, HTTPS served by the platform itself: codes 8800–8849 (docs/https.md). */
export const TLS_ERRORS = {
  TLS_FILE_UNREADABLE: {
    code: 8800,
    message: 'A TLS certificate or key file cannot be read (TLS_CERT_FILE / TLS_KEY_FILE)',
    recovery: 'alert',
  },
  TLS_CERT_INVALID: {
    code: 8801,
    message: 'The TLS certificate file holds no valid PEM certificate',
    recovery: 'alert',
  },
  TLS_KEY_INVALID: {
    code: 8802,
    message: 'The TLS key file holds no valid PEM private key (an encrypted key is not supported)',
    recovery: 'alert',
  },
  TLS_KEY_MISMATCH: {
    code: 8803,
    message:
      "The TLS private key does not belong to the certificate (TLS_KEY_FILE is not TLS_CERT_FILE's key)",
    recovery: 'alert',
  },
  TLS_CERT_EXPIRED: {
    code: 8804,
    message: 'The TLS certificate has expired or is not valid yet',
    recovery: 'alert',
  },
  TLS_RELOAD_FAILED: {
    code: 8805,
    message: 'The changed TLS certificate files were refused; the previous certificate is still served',
    recovery: 'alert',
  },
  TLS_SELF_SIGNED_FAILED: {
    code: 8810,
    message: 'The self-signed TLS certificate could not be made or stored in the data folder',
    recovery: 'alert',
  },
  TLS_SOURCE_UNAVAILABLE: {
    code: 8820,
    message: 'This way of serving HTTPS is not available in this build',
    recovery: 'alert',
  },
  TLS_LISTEN_FAILED: {
    code: 8830,
    message: 'The plain-HTTP port (HTTP_PORT) that redirects to HTTPS cannot be opened',
    recovery: 'alert',
  },
} as const satisfies Record<string, ErrorSpec>;
