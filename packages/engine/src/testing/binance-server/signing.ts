import { createHmac, timingSafeEqual } from 'node:crypto';
import { binanceError, missingParam } from './binance-error.js';

/** Binance's default and maximum recvWindow, ms. */
export const DEFAULT_RECV_WINDOW = 5000;
export const MAX_RECV_WINDOW = 60_000;
/** How far ahead of the server a timestamp may be, ms (Binance allows 1 s). */
export const MAX_AHEAD_MS = 1000;

/** hex(HMAC-SHA256(secret, payload)): Binance's signature. Exported for tests and clients. */
export function signPayload(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Splits `raw` into its `signature` value and the rest, byte for byte as sent. */
function withoutSignature(raw: string): { rest: string; signature: string | undefined } {
  if (raw === '') return { rest: '', signature: undefined };
  let signature: string | undefined;
  const kept = raw.split('&').filter((pair) => {
    if (!pair.startsWith('signature=')) return true;
    signature = decodeURIComponent(pair.slice('signature='.length));
    return false;
  });
  return { rest: kept.join('&'), signature };
}

/**
 * Checks a signed request: the API key (−2015, HTTP 401), then the signature over totalParams =
 * query string followed directly by the body (no separator, as Binance defines it), with the
 * `signature` parameter removed (−1022), then `timestamp` within `recvWindow` (−1021).
 */
export function verifySignedRequest(args: {
  apiKeyHeader: string | undefined;
  apiKey: string;
  secret: string;
  rawQuery: string;
  rawBody: string;
  params: Record<string, string>;
  now: number;
}): void {
  if (args.apiKeyHeader === undefined || args.apiKeyHeader === '') {
    throw binanceError(-2014, 'API-key format invalid.', 401);
  }
  if (args.apiKeyHeader !== args.apiKey) throw binanceError(-2015, undefined, 401);
  const query = withoutSignature(args.rawQuery);
  const body = withoutSignature(args.rawBody);
  // HMAC signatures are not case-sensitive on Binance.
  const given = (query.signature ?? body.signature)?.toLowerCase();
  if (given === undefined) throw missingParam('signature');
  const expected = signPayload(args.secret, query.rest + body.rest);
  const ok = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!ok) throw binanceError(-1022);
  checkTimestamp(args.params, args.now);
}

/** −1021 unless now − recvWindow ≤ timestamp ≤ now + 1 s; −1131 for a recvWindow over 60 s. */
function checkTimestamp(params: Record<string, string>, now: number): void {
  const raw = params.timestamp;
  if (raw === undefined || !/^\d+$/.test(raw)) throw missingParam('timestamp');
  const timestamp = Number(raw);
  const recvWindow = params.recvWindow === undefined ? DEFAULT_RECV_WINDOW : Number(params.recvWindow);
  if (!Number.isInteger(recvWindow) || recvWindow <= 0 || recvWindow > MAX_RECV_WINDOW) {
    throw binanceError(-1131);
  }
  if (timestamp > now + MAX_AHEAD_MS) {
    throw binanceError(-1021, "Timestamp for this request was 1000ms ahead of the server's time.");
  }
  if (now - timestamp > recvWindow) throw binanceError(-1021);
}
