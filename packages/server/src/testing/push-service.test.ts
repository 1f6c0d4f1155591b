import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  checkVapid,
  decryptAes128gcm,
  encryptAes128gcm,
  type PushStandIn,
  startPushStandIn,
} from './push-service.js';

const VAPID_PRIVATE = Buffer.alloc(32, 9).toString('base64url');
const vapidPublic = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(VAPID_PRIVATE, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
};

describe('the push-service stand-in', () => {
  let stand: PushStandIn;
  beforeAll(async () => {
    stand = await startPushStandIn();
  });
  afterAll(() => stand.close());

  it('decrypts what an RFC 8291 sender encrypted, and refuses a tampered body', () => {
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const auth = randomBytes(16);
    const body = encryptAes128gcm('{"title":"hi"}', ua.getPublicKey(), auth);
    expect(decryptAes128gcm(body, ua, auth)).toBe('{"title":"hi"}');
    const tampered = Buffer.from(body);
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 1;
    expect(() => decryptAes128gcm(tampered, ua, auth)).toThrow();
    expect(() => decryptAes128gcm(body, ua, randomBytes(16))).toThrow();
  });

  it("accepts web-push's request: VAPID JWT checked, payload decrypted with the subscription's keys", async () => {
    const subscription = stand.subscribe();
    const details = webpush.generateRequestDetails(subscription, 'Position opened', {
      vapidDetails: { subject: 'mailto:op@example.org', publicKey: vapidPublic(), privateKey: VAPID_PRIVATE },
      TTL: 60,
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    delete headers['Content-Length'];
    const response = await fetch(details.endpoint, { method: 'POST', headers, body: details.body ?? '' });
    expect([response.status, stand.refused]).toEqual([201, []]);
    expect(stand.received[0]).toMatchObject({ text: 'Position opened', vapidKey: vapidPublic(), ttl: 60 });
    expect(stand.received[0]?.claims).toMatchObject({ aud: stand.origin, sub: 'mailto:op@example.org' });
  });

  it('refuses a JWT for another audience, a wrong signature, a far expiry or no contact', () => {
    const now = Date.now();
    const good = webpush.getVapidHeaders(
      stand.origin,
      'mailto:op@example.org',
      vapidPublic(),
      VAPID_PRIVATE,
      'aes128gcm',
    ).Authorization;
    expect(checkVapid(good, stand.origin, now)).toMatchObject({ claims: { aud: stand.origin } });
    expect(checkVapid(good, 'https://other.example', now)).toMatch(/^aud is/);
    expect(checkVapid(good, stand.origin, now + 13 * 3600 * 1000)).toBe('exp is missing or past');
    expect(checkVapid(good, stand.origin, now - 13 * 3600 * 1000)).toBe('exp is more than 24 h away');
    const other = createECDH('prime256v1');
    other.generateKeys();
    const forged = good.replace(/k=.*$/, `k=${other.getPublicKey().toString('base64url')}`);
    expect(checkVapid(forged, stand.origin, now)).toBe('the JWT signature does not verify with k');
    expect(checkVapid('WebPush abc', stand.origin, now)).toMatch(/^Authorization/);
  });
});
