import { signPayload } from './signing.js';

/** Parsed JSON of any endpoint; tests read fields directly. */
// biome-ignore lint/suspicious/noExplicitAny: the endpoints answer many shapes and tests index into them
export type Json = any;

/** Test helper: fetch a public endpoint and return status and parsed JSON. */
export async function getJson(
  base: string,
  path: string,
  query = '',
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${base}${path}${query === '' ? '' : `?${query}`}`);
  return { status: res.status, body: await res.json() };
}

/**
 * Test helper: a signed request as Binance clients send it — params in the query for GET, in a
 * form body for POST — with `timestamp` added and `signature` appended last.
 */
export async function signedRequest(args: {
  base: string;
  method: 'GET' | 'POST';
  path: string;
  params: Record<string, string>;
  timestamp: number;
  apiKey?: string;
  secret?: string;
  /** Aborts the request: a client that gives up (timeouts). */
  signal?: AbortSignal;
}): Promise<{ status: number; body: Json; headers: Headers }> {
  const payload = new URLSearchParams({ ...args.params, timestamp: String(args.timestamp) }).toString();
  const signed = `${payload}&signature=${signPayload(args.secret ?? 'test-secret', payload)}`;
  const headers = { 'X-MBX-APIKEY': args.apiKey ?? 'test-api-key' };
  const res =
    args.method === 'GET'
      ? await fetch(`${args.base}${args.path}?${signed}`, { headers, signal: args.signal })
      : await fetch(`${args.base}${args.path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: signed,
          signal: args.signal,
        });
  return { status: res.status, body: await res.json(), headers: res.headers };
}
