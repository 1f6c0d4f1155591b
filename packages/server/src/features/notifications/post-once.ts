import type { SendOutcome } from './telegram/bot-api.js';

/** Why the request got no answer, from error names and codes only: a message may carry the URL. */
function networkError(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : (error as Error | null)?.name;
  return `network error (${code ?? 'unknown'})`;
}

/**
 * One delivery attempt of every channel that speaks HTTP (Telegram, webhooks, Web Push): POSTs
 * `init` to `url` once, bounded by `timeoutMs`, and `read` turns the answer (its body read) into
 * the outcome; never throws. `signal` aborts it (shutdown): 'stopped'. A timeout or network error
 * is transient, described without the URL.
 */
export async function postOnce<T extends SendOutcome>(
  url: string,
  init: {
    headers: Record<string, string>;
    body: string | Uint8Array<ArrayBuffer>;
    redirect?: 'follow' | 'manual' | 'error';
  },
  options: { signal: AbortSignal; timeoutMs: number },
  read: (response: Response) => Promise<T>,
): Promise<T | SendOutcome> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      ...init,
      signal: AbortSignal.any([options.signal, timeout]),
    });
    const outcome = await read(response);
    if (options.signal.aborted) return { kind: 'stopped' };
    return outcome;
  } catch (error) {
    if (options.signal.aborted) return { kind: 'stopped' };
    return { kind: 'transient', error: networkError(error, timeout.aborted, options.timeoutMs) };
  }
}

/** The `read` of a service that answers by its status alone: the body drained, then `classify`. */
export function byStatus<T>(
  classify: (status: number, retryAfter: string | null) => T,
): (response: Response) => Promise<T> {
  return async (response) => {
    await response.arrayBuffer().catch(() => undefined);
    return classify(response.status, response.headers.get('retry-after'));
  };
}
