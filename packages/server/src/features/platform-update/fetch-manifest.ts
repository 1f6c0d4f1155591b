import { describeZodIssues, type ReleaseManifest, releaseManifestSchema } from '@balancer/core';

export type FetchOutcome =
  | { status: 'ok'; manifest: ReleaseManifest }
  | { status: 'unreachable' | 'invalid'; error: string };

/** A manifest is a few hundred bytes; anything this large is not one. */
const MAX_BYTES = 256 * 1024;
/** Errors are shown on the Platform update screen and in one log line: keep them short. */
const MAX_ERROR_LENGTH = 200;

const short = (text: string) =>
  text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;

/** The network failure's own code when undici has one (ECONNREFUSED, ENOTFOUND), else its message. */
function networkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return `cannot connect (${cause.code})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Downloads and validates the release manifest at `url`. Never throws: a failure is an outcome.
 * An abort through `signal` (the checker stopping) rejects instead, so nothing is recorded.
 */
export async function fetchManifest(
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<FetchOutcome> {
  let text: string;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      headers: { accept: 'application/json' },
      redirect: 'follow',
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { status: 'unreachable', error: `HTTP ${response.status} from the update source` };
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_BYTES) {
      await response.body?.cancel();
      return { status: 'invalid', error: `the manifest is over ${MAX_BYTES} bytes` };
    }
    text = await response.text();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return { status: 'unreachable', error: short(networkError(error, timeoutMs)) };
  }
  if (text.length > MAX_BYTES) return { status: 'invalid', error: `the manifest is over ${MAX_BYTES} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { status: 'invalid', error: 'the manifest is not JSON' };
  }
  const parsed = releaseManifestSchema.safeParse(json);
  if (!parsed.success) return { status: 'invalid', error: short(describeZodIssues(parsed.error)) };
  return { status: 'ok', manifest: parsed.data };
}
