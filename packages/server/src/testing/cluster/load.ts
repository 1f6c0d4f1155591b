/** What a load loop saw: how many requests were answered, and each one that was not. */
export interface LoadResult {
  answered: number;
  failures: string[];
}

export interface LoadOptions {
  clients: number;
  /** Each client's pause after each answer, ms. */
  pauseMs: number;
}

/**
 * Signed-in reads through `url` by `clients` clients, each one request after another, until
 * `stop()`: each must be HTTP 200 with a successful envelope. A refused, reset or failed request
 * is a failure, named with its cause. Each request claims a client address of its own
 * (X-Forwarded-For; both proxies pass it on from the test's loopback clients, proxy.ts), so the
 * route's per-address rate limit counts each request apart however long a restart takes.
 */
export function loadUntil(
  url: string,
  token: string,
  { clients, pauseMs }: LoadOptions = { clients: 4, pauseMs: 0 },
): { stop(): Promise<LoadResult> } {
  let running = true;
  const result: LoadResult = { answered: 0, failures: [] };
  const client = async () => {
    while (running) {
      try {
        const response = await fetch(`${url}/auth/user/me`, {
          headers: asNewClient({ authorization: `Bearer ${token}` }),
        });
        const text = await response.text();
        const body = parsed(text);
        if (response.status === 200 && body?.success) result.answered += 1;
        else
          result.failures.push(
            `${response.status} ${body?.error ?? text.slice(0, 200)} (${response.headers.get('server') ?? 'no server header'})`,
          );
      } catch (error) {
        result.failures.push(String((error as Error).cause ?? error));
      }
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const loops = Array.from({ length: clients }, client);
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return result;
    },
  };
}

function parsed(text: string): { success?: boolean; error?: string } | null {
  try {
    return JSON.parse(text) as { success?: boolean; error?: string };
  } catch {
    return null;
  }
}

let clientCounter = 0;
/**
 * A client address of its own for each request (10.22.x.y, as the proxy forwards it): the rig's
 * clients all come from 127.0.0.1, and per-address rate limits are not what these tests are about.
 */
export function asNewClient(headers: Record<string, string> = {}): Record<string, string> {
  clientCounter += 1;
  return { ...headers, 'x-forwarded-for': `10.22.${(clientCounter >> 8) & 255}.${clientCounter & 255}` };
}

/** What a writer saw: the ids of the jobs the API acknowledged, and how many requests got no answer. */
export interface WriteResult {
  acknowledged: string[];
  unanswered: number;
}

/**
 * Acknowledged writes through the proxy while instances die: a lab backtest of one week every
 * `everyMs` (a `lab_job` row the API writes before it answers), until `stop()`. A success is an
 * acknowledged write whose row must outlive any kill; a refused or cut request is not one.
 */
export function writeUntil(url: string, token: string, everyMs = 1_000): { stop(): Promise<WriteResult> } {
  let running = true;
  const result: WriteResult = { acknowledged: [], unanswered: 0 };
  const body = JSON.stringify({
    dataSet: 'coinbase-btcusd-1h.csv.gz',
    from: '2018-01-01',
    to: '2018-01-07',
    strategy: 'live',
  });
  const loop = (async () => {
    while (running) {
      try {
        const response = await fetch(`${url}/lab/backtests`, {
          method: 'POST',
          headers: asNewClient({ authorization: `Bearer ${token}`, 'content-type': 'application/json' }),
          body,
        });
        const answer = (await response.json()) as { success?: boolean; data?: { id?: string } };
        if (answer.success && answer.data?.id) result.acknowledged.push(answer.data.id);
        else result.unanswered += 1;
      } catch {
        result.unanswered += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return result;
    },
  };
}
