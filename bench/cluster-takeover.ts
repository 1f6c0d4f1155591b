// `npm run bench -- cluster-takeover`: the two moments of issue 31 part 5 on the rig of
// bench/cluster.ts (three built instances on one PostgreSQL behind nginx, live mode on the local
// Binance server; needs PostgreSQL and nginx). Prints, as its last line, `BENCH {…}`:
// - takeover_stream_gap_ms: a socket on a standby follows the ticks while the leader is killed
//   with a manual order hanging at the exchange (executed, never answered) and the new leader
//   settles it; the longest wait between two ticks it receives, from 3 s before the kill to 20 s
//   after (the ticks are 3 s apart);
// - takeover_leads_ms: the kill → another instance's /ready saying it leads;
// - fresh_standby_refusals of fresh_standby_orders: an instance restarted, then asked for a
//   decrease (100 %, then none left: 3003) the moment its /ready answers 200; a refusal is 3000,
//   6002 or 8041 (the order never reached the leader); fresh_standby_answer_ms_p50 its answer time.
// Nothing asserts on time.
import { performance } from 'node:perf_hooks';
import { closeAll, codeAt, followStream, waitForLeader } from '@balancer/server/testing';
import pg from 'pg';
import { withBenchCluster } from './cluster-rig.js';
import { median } from './stats.mjs';

const say = (text: string) => process.stdout.write(`${text}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ORDERS = 6;
const isOrder = (request: { method: string; path: string }) =>
  request.method === 'POST' && request.path === '/api/v3/order';

/** The trader's code for one order now: the replay guard is reset (a bench, not a test of it). */
async function freshCode(databaseUrl: string, secret: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`UPDATE users SET otp_last_step = 0 WHERE nickname = 'trader'`);
  await client.end();
  return codeAt(secret, Date.now());
}

await withBenchCluster(async ({ rig, session, databaseUrl }) => {
  const secret = rig.setup.trader.otpSecret;
  const order = async (url: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${session.token}`,
      'otp-token': await freshCode(databaseUrl, secret),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${url}${path}`, {
      method: 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };

  const leader = await waitForLeader(rig, 10_000);
  const followed = (leader.index + 1) % rig.instances.length;
  const [follower] = await followStream(rig.instances[followed]?.url ?? '', session.cookie, 1);
  await sleep(4_000);
  const { exchange } = rig.setup;
  const before = exchange.state.requests.filter(isOrder).length;
  exchange.state.inject('POST /api/v3/order', { kind: 'timeout', execute: true });
  const hanging = order(rig.instances[leader.index]?.url ?? '', '/position/increase').catch(() => null);
  while (exchange.state.requests.filter(isOrder).length === before) await sleep(20);
  const killedAt = Date.now();
  await rig.kill(leader.index);
  const took = await waitForLeader(rig, 30_000);
  say(`another instance leads ${Math.round(took.ms)} ms after the kill`);
  await sleep(20_000);
  closeAll(follower ? [follower] : []);
  await hanging;
  // When each tick arrived: its (wall-clock) time plus how late it was received.
  const ticks = follower?.ticks ?? [];
  const received = ticks.map((time, index) => time + (follower?.latencies[index] ?? 0));
  const around = received.filter((time) => time >= killedAt - 3_000);
  let gap = 0;
  for (let index = 1; index < around.length; index += 1)
    gap = Math.max(gap, (around[index] ?? 0) - (around[index - 1] ?? 0));
  say(`ticks received from 3 s before the kill to 20 s after: ${around.length}, longest gap ${gap} ms`);

  const answers: string[] = [];
  const times: number[] = [];
  for (let round = 0; round < ORDERS; round += 1) {
    const index = leader.index;
    if (rig.instances[index]?.server) await rig.stop(index);
    await rig.start(index);
    const url = rig.instances[index]?.url ?? '';
    while (
      (await fetch(`${url}/ready`).then(
        (response) => response.status,
        () => 0,
      )) !== 200
    )
      await sleep(5);
    const started = performance.now();
    const answer = (await (await order(url, '/position/decrease', { percentage: 100 })).json()) as {
      success: boolean;
      error: string | null;
    };
    times.push(performance.now() - started);
    answers.push(answer.success ? 'ok' : (/\{\((\d+)\)\}$/.exec(answer.error ?? '')?.[1] ?? '?'));
  }
  say(`orders to a fresh instance the moment /ready says 200: ${answers.join(', ')}`);
  const refusals = answers.filter((answer) => ['3000', '6002', '8041'].includes(answer)).length;
  const figures = {
    takeover_stream_gap_ms: gap,
    takeover_leads_ms: Math.round(took.ms),
    fresh_standby_orders: ORDERS,
    fresh_standby_refusals: refusals,
    fresh_standby_answer_ms_p50: Math.round(median(times)),
  };
  say(`BENCH ${JSON.stringify(figures)}`);
});
