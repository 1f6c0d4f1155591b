import { performance } from 'node:perf_hooks';
import type { OtpClock } from '../spawned-api.js';
import { asNewClient } from './load.js';
import type { ClusterRig } from './rig.js';

/** What one instance's /ready says of the cluster (core's ClusterStatus, in part). */
export interface ReadyCluster {
  instance: string;
  /** This instance's engine holds the lock and trades. */
  leads: boolean;
  /** The instance that leads, as this one last heard (heartbeats every 5 s). */
  leader: string | null;
}

/** An instance's /ready, read directly (not through the proxy); null when it does not answer ready. */
export async function readyOf(url: string): Promise<ReadyCluster | null> {
  try {
    const response = await fetch(`${url}/ready`, {
      headers: asNewClient(),
      signal: AbortSignal.timeout(2_000),
    });
    if (response.status !== 200) return null;
    const body = (await response.json()) as { data?: { cluster?: ReadyCluster } };
    return body.data?.cluster ?? null;
  } catch {
    return null;
  }
}

/**
 * The index of the instance whose engine trades, by every running instance's own /ready: null
 * while none does (a takeover under way); two at once throws.
 */
export async function tradingLeader(rig: ClusterRig): Promise<number | null> {
  const views = await Promise.all(
    rig.instances.map(async (instance, index) => ({
      index,
      name: instance.name,
      view: instance.server ? await readyOf(instance.url) : null,
    })),
  );
  const leading = views.filter(({ view }) => view?.leads === true);
  if (leading.length > 1)
    throw new Error(`two engines trade at once: ${leading.map(({ name }) => name).join(', ')}`);
  return leading[0]?.index ?? null;
}

/** The leader every running instance names (their heartbeats agree), or null while they differ. */
export async function agreedLeader(rig: ClusterRig): Promise<string | null> {
  const named = await Promise.all(
    rig.instances
      .filter((instance) => instance.server)
      .map(async (instance) => (await readyOf(instance.url))?.leader),
  );
  const [first] = named;
  return first && named.every((name) => name === first) ? first : null;
}

/** Waits until one instance trades; resolves with its index and the ms waited. */
export async function waitForLeader(
  rig: ClusterRig,
  deadlineMs: number,
  from = performance.now(),
): Promise<{ index: number; ms: number }> {
  for (;;) {
    const index = await tradingLeader(rig);
    if (index !== null) return { index, ms: performance.now() - from };
    if (performance.now() - from > deadlineMs)
      throw new Error(`no instance trades ${deadlineMs} ms after the last leader went`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface FailoverRound {
  killed: string;
  took: string;
  /** Leader killed → another instance's engine trading, ms. */
  ms: number;
  /** The leader was killed with a manual order at the exchange, its answer held. */
  duringOrder: boolean;
}

export interface FailoverOptions {
  kills: number;
  /** Every `orderEvery`-th kill happens while a manual order hangs at the exchange. */
  orderEvery: number;
  /** The trader's access token (signed in through the proxy) and codes (each order spends one). */
  token: string;
  clock: OtpClock;
  /** A deterministic source of random moments (seeded by the caller). */
  random: () => number;
  /** How long a takeover may take before the round fails, ms. */
  deadlineMs: number;
}

const isOrder = (request: { method: string; path: string }) =>
  request.method === 'POST' && request.path === '/api/v3/order';

/**
 * Kills the leader with SIGKILL `kills` times: at a random moment within 3 s, or (every
 * `orderEvery`-th time) right after its manual order reached the exchange, which executes it but
 * never answers. After each kill it waits for another instance to trade and restarts the killed
 * one. Orders go through the proxy, so whichever instance the proxy picks must get them to the
 * leader. Returns each round's takeover time.
 */
export async function killLeaderRepeatedly(
  rig: ClusterRig,
  options: FailoverOptions,
): Promise<FailoverRound[]> {
  const { exchange } = rig.setup;
  const rounds: FailoverRound[] = [];
  const answers: Array<Promise<unknown>> = [];
  for (let round = 1; round <= options.kills; round += 1) {
    const leader = await waitForLeader(rig, options.deadlineMs);
    const duringOrder = round % options.orderEvery === 0;
    if (duringOrder) {
      const before = exchange.state.requests.filter(isOrder).length;
      exchange.state.inject('POST /api/v3/order', { kind: 'timeout', execute: true });
      const code = await options.clock.nextCode();
      let answered: string | null = null;
      answers.push(
        fetch(`${rig.proxy.url}/position/increase`, {
          method: 'POST',
          headers: asNewClient({ authorization: `Bearer ${options.token}`, 'otp-token': code }),
        })
          .then(async (response) => {
            answered = await response.text();
          })
          .catch((error: unknown) => {
            answered = String(error);
          }),
      );
      // The order reaches the exchange, which holds its answer; an API answer first is a failure.
      while (exchange.state.requests.filter(isOrder).length === before) {
        if (answered !== null) throw new Error(`the order never reached the exchange: ${answered}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, Math.floor(options.random() * 3_000)));
    }
    const killedAt = performance.now();
    await rig.kill(leader.index);
    const next = await waitForLeader(rig, options.deadlineMs, killedAt);
    rounds.push({
      killed: rig.instances[leader.index]?.name ?? '?',
      took: rig.instances[next.index]?.name ?? '?',
      ms: next.ms,
      duringOrder,
    });
    await rig.start(leader.index);
  }
  await Promise.all(answers);
  return rounds;
}

/** The p50 and the maximum of some figures. */
export function p50AndMax(values: readonly number[]): { p50: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0, max: sorted.at(-1) ?? 0 };
}
