import { krakenSignature } from './signing.js';

/** A minimal signed Kraken client for the stand-in's own tests (the adapter's tests use ccxt). */
export function krakenClient(url: string, apiKey: string, secret: string) {
  let nonce = Date.now();
  return {
    async publicGet(endpoint: string, query = ''): Promise<{ error: string[]; result?: unknown }> {
      const response = await fetch(`${url}/0/public/${endpoint}${query ? `?${query}` : ''}`);
      return (await response.json()) as { error: string[]; result?: unknown };
    },
    async privatePost(
      endpoint: string,
      params: Record<string, string> = {},
      options: { nonce?: number; sign?: string; key?: string } = {},
    ): Promise<{ status: number; error: string[]; result?: unknown }> {
      const used = options.nonce ?? ++nonce;
      const body = new URLSearchParams({ nonce: String(used), ...params }).toString();
      const path = `/0/private/${endpoint}`;
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'API-Key': options.key ?? apiKey,
          'API-Sign': options.sign ?? krakenSignature(path, String(used), body, secret),
        },
        body,
      });
      const json = (await response.json()) as { error: string[]; result?: unknown };
      return { status: response.status, ...json };
    },
  };
}
