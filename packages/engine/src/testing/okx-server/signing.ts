import { createHmac, timingSafeEqual } from 'node:crypto';
import type { KitRequest } from '../exchange-kit/index.js';
import { okxError } from './okx-error.js';

/** How far OK-ACCESS-TIMESTAMP may be from the server's clock (OKX: 30 seconds). */
export const OKX_TIMESTAMP_WINDOW_MS = 30_000;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * OK-ACCESS-SIGN: base64 of HMAC-SHA256 with the secret over timestamp + METHOD + requestPath
 * (with '?query' for GET) + body, as OKX's "REST Authentication" section describes.
 */
export function okxSign(
  secret: string,
  timestamp: string,
  method: string,
  requestPath: string,
  body = '',
): string {
  return createHmac('sha256', secret).update(`${timestamp}${method}${requestPath}${body}`).digest('base64');
}

export interface OkxCredentials {
  apiKey: string;
  secret: string;
  passphrase: string;
  /** A demo-trading key: requests must carry `x-simulated-trading: 1`, and live requests must not. */
  demo: boolean;
}

function header(request: KitRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Verifies a private request: the four OK-ACCESS headers present (50103, 50104, 50106, 50107),
 * the key known (50111), the passphrase right (50105), the timestamp an ISO time with
 * milliseconds (50112) within 30 s of the server's clock (50102), the signature right (50113),
 * and the key's environment matching x-simulated-trading (50101).
 */
export function verifyOkxRequest(request: KitRequest, credentials: OkxCredentials, now: number): void {
  const key = header(request, 'ok-access-key');
  const sign = header(request, 'ok-access-sign');
  const timestamp = header(request, 'ok-access-timestamp');
  const passphrase = header(request, 'ok-access-passphrase');
  if (!key) throw okxError('50103', 401);
  if (!passphrase) throw okxError('50104', 401);
  if (!sign) throw okxError('50106', 401);
  if (!timestamp) throw okxError('50107', 401);
  if (key !== credentials.apiKey) throw okxError('50111', 401);
  if (passphrase !== credentials.passphrase) throw okxError('50105', 401);
  if (!ISO_MS.test(timestamp)) throw okxError('50112', 401);
  if (Math.abs(now - Date.parse(timestamp)) > OKX_TIMESTAMP_WINDOW_MS) throw okxError('50102', 401);
  const requestPath = request.rawQuery === '' ? request.path : `${request.path}?${request.rawQuery}`;
  const expected = Buffer.from(
    okxSign(credentials.secret, timestamp, request.method, requestPath, request.rawBody),
  );
  const given = Buffer.from(sign);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw okxError('50113', 401);
  const simulated = header(request, 'x-simulated-trading') === '1';
  if (simulated !== credentials.demo) throw okxError('50101', 401);
}
