/**
 * Test helpers: a fetch that answers from a queue or a handler and records every call, and a
 * sleep that records its waits and returns at once (a fake clock for retry delays).
 */
export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export const envelope = (data: unknown) => ({ success: true, data, error: null });
export const failure = (error: string) => ({ success: false, data: null, error });

export function jsonResponse(body: unknown, status = 200, contentType = 'application/json; charset=utf-8') {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

type Answer = Response | Error | ((call: RecordedCall) => Response | Error);

export function fakeFetch(answers: Answer[] | ((call: RecordedCall) => Response | Error)) {
  const calls: RecordedCall[] = [];
  const queue = Array.isArray(answers) ? [...answers] : null;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    let answer: Answer | undefined = queue
      ? queue.shift()
      : (answers as (c: RecordedCall) => Response | Error);
    if (typeof answer === 'function') answer = answer(call);
    if (!answer) throw new Error(`no answer left for ${call.method} ${call.url}`);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

export function fakeSleep() {
  const waits: number[] = [];
  return { sleep: async (ms: number) => void waits.push(ms), waits };
}
