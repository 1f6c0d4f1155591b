import { createECDH } from 'node:crypto';
import type { Config } from '../../../config/schema.js';

/** The VAPID key pair (RFC 8292) and the contact (`sub`) given to push services. */
export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: the app's applicationServerKey. */
  publicKey: string;
  /** The 32-byte private scalar, base64url (VAPID_PRIVATE_KEY): never log it. */
  privateKey: string;
  subject: string;
}

/** The public half of a VAPID private key. */
export function vapidPublicKey(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * The keys from VAPID_PRIVATE_KEY (generated with the other secrets) and the subject: VAPID_SUBJECT,
 * else a mailto: of EMAIL_FROM or CONTACT_EMAIL, else the https:// of PUBLIC_DOMAIN, else a
 * placeholder address (push services of some vendors then refuse: set VAPID_SUBJECT).
 */
export function vapidKeys(
  config: Pick<
    Config,
    'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'EMAIL_FROM' | 'CONTACT_EMAIL' | 'PUBLIC_DOMAIN'
  >,
): VapidKeys {
  const email = config.EMAIL_FROM ?? config.CONTACT_EMAIL;
  const subject =
    config.VAPID_SUBJECT ??
    (email
      ? `mailto:${email}`
      : config.PUBLIC_DOMAIN
        ? `https://${config.PUBLIC_DOMAIN}`
        : 'mailto:operator@balancer.example');
  return {
    publicKey: vapidPublicKey(config.VAPID_PRIVATE_KEY),
    privateKey: config.VAPID_PRIVATE_KEY,
    subject,
  };
}
