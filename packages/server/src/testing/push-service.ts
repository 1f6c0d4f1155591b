import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for a browser vendor's push service (RFC 8030): it hands out subscriptions whose
 * private keys it keeps, checks each push's VAPID JWT (RFC 8292) and decrypts its aes128gcm body
 * (RFC 8291 over RFC 8188), so a test reads exactly what the service worker would receive.
 */

/** What the browser would hold: the endpoint and the public keys (PushSubscription.toJSON()). */
export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** One push the stand-in accepted. */
export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload. */
  text: string;
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the push named (`k=`). */
  vapidKey: string;
  ttl: number;
  urgency: string | null;
}

export interface PushStandIn {
  /** The origin (the JWT's expected `aud`). */
  origin: string;
  received: ReceivedPush[];
  /** Pushes refused, with the reason (a failed check answers 400/401/403). */
  refused: string[];
  subscribe(): StandInSubscription;
  /** The subscription is withdrawn: its endpoint answers 410 Gone. */
  expire(endpoint: string): void;
  /** The next `times` pushes answer `status` (e.g. 500). */
  fail(status: number, times?: number): void;
  close(): Promise<void>;
}

/** The stand-in's own clock for `exp` checks (epoch ms); the system's by default. */
export interface PushStandInOptions {
  now?: () => number;
}

/**
 * HKDF (RFC 5869) with SHA-256: extract with `salt`, expand `info` to `length` bytes. Node's
 * hkdfSync does both steps.
 */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/**
 * RFC 8291 §3.4 then RFC 8188 §2: the content-encryption key and nonce of an aes128gcm body for
 * the receiver `ua` (its ECDH key pair and auth secret), given the salt and the sender's key.
 */
export function webPushKeys(
  ua: ECDH,
  authSecret: Buffer,
  salt: Buffer,
  senderPublic: Buffer,
): { key: Buffer; nonce: Buffer } {
  const shared = ua.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), senderPublic]);
  const ikm = hkdf(authSecret, shared, keyInfo, 32);
  return {
    key: hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12),
  };
}

/**
 * The nonce of record `seq`: the base nonce XOR the 96-bit big-endian sequence number (records
 * are few, so only the low 32 bits can differ; `>>> 0` keeps the XOR unsigned).
 */
function recordNonce(base: Buffer, seq: number): Buffer {
  const nonce = Buffer.from(base);
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
  return nonce;
}

/** Decrypts an RFC 8188 aes128gcm body for the receiver; throws on any inconsistency. */
export function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || recordSize < 18)
    throw new Error('bad aes128gcm header (keyid must be the 65-byte sender key)');
  const { key, nonce } = webPushKeys(ua, authSecret, salt, senderPublic);
  const parts: Buffer[] = [];
  let offset = 21 + idLength;
  for (let seq = 0; offset < body.length; seq++) {
    const record = body.subarray(offset, offset + recordSize);
    offset += recordSize;
    const decipher = createDecipheriv('aes-128-gcm', key, recordNonce(nonce, seq));
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the data, a delimiter (2 in the last record, 1 before), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const delimiter = plain[end];
    const last = offset >= body.length;
    if (delimiter !== (last ? 2 : 1)) throw new Error('bad record padding delimiter');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The reverse, for tests of the decryption itself: one record, as RFC 8291 senders write it. */
export function encryptAes128gcm(text: string, receiverPublic: Buffer, authSecret: Buffer): Buffer {
  const sender = createECDH('prime256v1');
  sender.generateKeys();
  const salt = randomBytes(16);
  const shared = sender.computeSecret(receiverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, sender.getPublicKey()]);
  const ikm = hkdf(authSecret, shared, keyInfo, 32);
  const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', key, nonce);
  const sealed = Buffer.concat([
    cipher.update(Buffer.concat([Buffer.from(text), Buffer.from([2])])),
    cipher.final(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(4096, 16);
  header.writeUInt8(65, 20);
  return Buffer.concat([header, sender.getPublicKey(), sealed, cipher.getAuthTag()]);
}

/**
 * Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292): an ES256 JWT signed by `k`, `aud`
 * the push service's origin, `exp` in the future and at most 24 h away, `sub` a mailto: or https:
 * contact. Returns the claims, or why it fails.
 */
export function checkVapid(
  header: string | undefined,
  origin: string,
  now: number,
): { claims: ReceivedPush['claims']; key: string } | string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return 'Authorization is not "vapid t=…, k=…"';
  const [token, key] = [match[1], match[2]];
  const [head, payload, signature] = token.split('.');
  if (!head || !payload || !signature) return 'the JWT has not three parts';
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header64.alg !== 'ES256') return `the JWT is ${header64.alg}, not ES256`;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${head}.${payload}`);
  const ok = verify(
    'sha256',
    signed,
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) return 'the JWT signature does not verify with k';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Partial<ReceivedPush['claims']>;
  if (claims.aud !== origin) return `aud is ${claims.aud}, not ${origin}`;
  const seconds = now / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= seconds) return 'exp is missing or past';
  if (claims.exp > seconds + 24 * 3600) return 'exp is more than 24 h away';
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    return 'sub is not mailto: or https:';
  return { claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub }, key };
}

interface Receiver {
  ecdh: ECDH;
  auth: Buffer;
}

/** Starts the stand-in on 127.0.0.1 (a free port). */
export async function startPushStandIn(options: PushStandInOptions = {}): Promise<PushStandIn> {
  const now = options.now ?? Date.now;
  const receivers = new Map<string, Receiver>();
  const gone = new Set<string>();
  const faults: number[] = [];
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const answer = (response: ServerResponse, status: number, reason?: string) => {
    if (reason) refused.push(reason);
    response.writeHead(status, { 'content-type': 'text/plain' }).end(reason ?? '');
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const endpoint = `${origin}${request.url ?? ''}`;
    const receiver = receivers.get(endpoint);
    if (request.method !== 'POST' || !receiver)
      return answer(response, 404, `unknown endpoint ${request.url}`);
    const fault = faults.shift();
    if (fault !== undefined) return answer(response, fault);
    if (gone.has(endpoint)) return answer(response, 410);
    const vapid = checkVapid(request.headers.authorization, origin, now());
    if (typeof vapid === 'string') return answer(response, 403, vapid);
    if (request.headers['content-encoding'] !== 'aes128gcm')
      return answer(response, 415, 'Content-Encoding is not aes128gcm');
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return answer(response, 400, 'TTL header missing');
    let text: string;
    try {
      text = decryptAes128gcm(body, receiver.ecdh, receiver.auth);
    } catch (error) {
      return answer(response, 400, `cannot decrypt: ${(error as Error).message}`);
    }
    const urgency = request.headers.urgency;
    received.push({
      endpoint,
      text,
      claims: vapid.claims,
      vapidKey: vapid.key,
      ttl,
      urgency: typeof urgency === 'string' ? urgency : null,
    });
    answer(response, 201);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      receivers.set(endpoint, { ecdh, auth });
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    expire: (endpoint) => void gone.add(endpoint),
    fail(status, times = 1) {
      for (let i = 0; i < times; i++) faults.push(status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
