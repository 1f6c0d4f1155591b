/**
 * The widget fetches its challenge itself and expects the bare ALTCHA JSON, but every answer of
 * our API is wrapped in `{success, data, error}`. This fetch hands the widget `data`, and turns
 * an envelope error into a failed response so the widget shows its error state.
 */
export async function unwrapEnvelopeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await globalThis.fetch(input, init);
  if (response.status !== 200) return response;
  const body = (await response.json()) as { success?: boolean; data?: unknown } | null;
  if (!body?.success) return new Response(null, { status: 500, statusText: 'Captcha unavailable' });
  return new Response(JSON.stringify(body.data), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}
