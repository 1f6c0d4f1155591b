import { ERRORS } from '@balancer/core';
import { ApiError } from './api-error';
import type { ApiClient } from './client';

/**
 * A document route's answer (a CSV export) as a Blob, with the session's token; an envelope
 * answer is its coded error. An expired token is renewed once, as the client does for JSON.
 */
export async function fetchDocument(client: ApiClient, path: string): Promise<Blob> {
  for (let attempt = 0; ; attempt += 1) {
    const token = client.tokens.get();
    let response: Response;
    try {
      response = await fetch(client.url(path), {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        credentials: 'include',
      });
    } catch (error) {
      throw new ApiError(error instanceof Error ? error.message : 'The download failed', -1, 'NETWORK_ERROR');
    }
    const type = response.headers.get('content-type') ?? '';
    if (response.status === 200 && !type.startsWith('application/json')) return response.blob();
    let error: ApiError;
    try {
      error = ApiError.fromCodedMessage(((await response.json()) as { error?: unknown }).error);
    } catch {
      error = ApiError.client('INVALID_RESPONSE_DTYPE');
    }
    if (error.code !== ERRORS.ACCESS_TOKEN_INVALID.code || attempt > 0) throw error;
    client.tokens.set(null);
    await client.refresh();
  }
}

/** Hands a Blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
