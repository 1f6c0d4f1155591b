import { createECDH, randomBytes } from 'node:crypto';
import type { Sample } from '../../testing/route-samples.js';

/** A Web Push subscription as a browser sends it (fresh P-256 key, 16-byte auth secret). */
export function samplePushSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: 'https://push.example.org/send/contract',
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** Valid-shaped arguments of the notification routes for the generated authorization matrix. */
export function notificationSamples(): Record<string, () => Sample> {
  return {
    'GET /notification': () => ({ query: { limit: '15' } }),
    'PUT /notification/push': () => ({ body: samplePushSubscription() }),
  };
}
