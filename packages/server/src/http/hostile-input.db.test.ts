import { parseCodedMessage } from '@balancer/core';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { codeAt, nextIp } from '../features/accounts/test-support.js';
import { freshCode, rootSecretOf } from '../features/accounts/test-users.js';
import { hostileProbes, type Probe } from '../testing/hostile-probes.js';
import { describeEachReadyApp, type ReadyApp } from '../testing/ready-app.js';
import { ROUTE_SAMPLES, routeKey } from '../testing/route-samples.js';
import type { RouteSpec } from './route-spec.js';

// Every route of the table gets the hostile set (hostile-probes.ts), once anonymously and once as
// root with a valid one-time code, so that both the guards and the handlers behind them are
// reached. No answer may be a 5xx, hang, or be anything but the envelope; anonymous probes must
// change no table (the API error log aside). A route added to the table is covered the same day.

/** Routes that answer a document of their own rather than the envelope. */
const DOCUMENT_ROUTES = new Set(['GET /openapi.json', 'GET /docs']);
/** Far beyond any answer's time, even a captcha-checked sign-in's argon2 on a loaded machine. */
const HANG_MS = 20_000;
const TOKEN_REUSE_MS = 10 * 60 * 1000;

type Caller = 'anonymous' | 'root';

interface Outcome {
  status: number;
  contentType: string;
  body: string;
}

async function send(ready: ReadyApp, route: RouteSpec, probe: Probe, headers: Record<string, string>) {
  const request = ready.app.inject({
    method: route.method,
    url: probe.url,
    remoteAddress: nextIp(),
    headers: {
      ...headers,
      ...(probe.payload === undefined ? {} : { 'content-type': probe.contentType ?? 'application/json' }),
      ...probe.headers,
    },
    ...(probe.payload === undefined ? {} : { payload: probe.payload }),
  });
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS);
  });
  try {
    const response = await Promise.race([request, hang]);
    if (response === 'hang') return 'hang' as const;
    return {
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      body: response.body,
    } satisfies Outcome;
  } finally {
    clearTimeout(timer);
  }
}

/** Why an answer breaks the rule, or null when it is a proper refusal or success. */
function fault(route: RouteSpec, outcome: Outcome | 'hang'): string | null {
  if (outcome === 'hang') return 'no answer (hang)';
  if (outcome.status >= 500) return `HTTP ${outcome.status}: ${outcome.body.slice(0, 160)}`;
  if ((DOCUMENT_ROUTES.has(routeKey(route)) || route.document) && outcome.status === 200) return null;
  if (!outcome.contentType.startsWith('application/json')) {
    return `not the envelope (${outcome.status} ${outcome.contentType}): ${outcome.body.slice(0, 80)}`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(outcome.body);
  } catch {
    return `unparsable JSON: ${outcome.body.slice(0, 80)}`;
  }
  const envelope = parsed as { success?: unknown; data?: unknown; error?: unknown };
  const shaped =
    typeof envelope.success === 'boolean' &&
    'data' in envelope &&
    (envelope.success ? envelope.error === null : typeof envelope.error === 'string');
  if (!shaped) return `not the envelope: ${outcome.body.slice(0, 80)}`;
  if (typeof envelope.error === 'string' && parseCodedMessage(envelope.error).code === -1) {
    return `an error without a code: ${envelope.error.slice(0, 80)}`;
  }
  return null;
}

/** The first faults, one a line, for the failure message. */
function report(faults: readonly string[]): string {
  const shown = faults.slice(0, 40).join('\n');
  return faults.length > 40 ? `${shown}\n… and ${faults.length - 40} more` : shown;
}

/** Rows per table, the API error log left out (refusals may be logged there by design). */
async function rowCounts(ready: ReadyApp): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'api_error'
    order by table_name`.execute(ready.db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(ready.db);
    counts[name] = Number(result.rows[0]?.n);
  }
  return counts;
}

describeEachReadyApp('hostile input on every route', (ready) => {
  let rootId = '';
  beforeAll(async () => {
    const root = (await ready().services.accounts.listUsers()).find((user) => user.authority === 5);
    rootId = root?.id ?? '';
  });

  /** Root's headers for one probe: a token (reissued as the clock moves on) and a fresh code. */
  let token: { value: string; issuedAt: number } | undefined;
  async function rootHeaders(route: RouteSpec, renew: boolean): Promise<Record<string, string>> {
    const now = ready().clock.now();
    if (renew || !token || now - token.issuedAt > TOKEN_REUSE_MS) {
      token = { value: await ready().services.accounts.issueAccessToken(rootId), issuedAt: now };
    }
    const headers: Record<string, string> = { authorization: `Bearer ${token.value}` };
    if (route.otp) headers['otp-token'] = await freshCode(ready(), rootSecretOf(ready()));
    return headers;
  }

  async function sweep(caller: Caller): Promise<{ sent: number; faults: string[] }> {
    const faults: string[] = [];
    let sent = 0;
    let renew = false;
    for (const route of ready().services.routes) {
      const sample = ROUTE_SAMPLES[routeKey(route)]?.() ?? {};
      for (const probe of hostileProbes(route, sample)) {
        const headers = caller === 'root' ? await rootHeaders(route, renew) : {};
        const outcome = await send(ready(), route, probe, headers);
        sent += 1;
        const problem = fault(route, outcome);
        if (problem) faults.push(`${routeKey(route)} as ${caller}, ${probe.label}: ${problem}`);
        // A probe may end root's sessions (sign-out of all devices): the next one gets a new token.
        renew = outcome !== 'hang' && outcome.body.includes('{(4252)}');
      }
    }
    return { sent, faults };
  }

  // First, while this minute's budget of API-error rows is unspent (features/api-errors/service.ts).
  it("leaves a signed-in probe's API-error row, its NUL made storable", async () => {
    const route = ready().services.routes.find(
      (r) =>
        r.method === 'POST' && r.authority > 0 && r.schema?.body !== undefined && !r.url.startsWith('/auth/'),
    );
    if (!route) throw new Error('no signed-in route with a body');
    const sample = ROUTE_SAMPLES[routeKey(route)]?.() ?? {};
    const probe = hostileProbes(route, sample).find((p) => p.label.endsWith(' = text with NUL'));
    if (!probe) throw new Error(`no NUL probe for ${routeKey(route)}`);
    const outcome = await send(ready(), route, probe, await rootHeaders(route, false));
    expect(outcome !== 'hang' && parseCodedMessage(JSON.parse(outcome.body).error).code).toBe(6503);
    await ready().services.apiErrors.flush();
    const row = await ready().db.selectFrom('api_error').selectAll().orderBy('id', 'desc').executeTakeFirst();
    expect(row).toMatchObject({ route: route.url, code: 6503, user_id: rootId });
    expect(JSON.stringify(row?.args)).toContain('\ufffd');
  });

  it('answers every anonymous probe with the envelope and changes nothing', async () => {
    const before = await rowCounts(ready());
    const { sent, faults } = await sweep('anonymous');
    expect(faults.length, report(faults)).toBe(0);
    expect(await rowCounts(ready())).toEqual(before);
    expect(sent).toBeGreaterThan(ready().services.routes.length * 20);
    console.info(`hostile input [${ready().kind}]: ${sent} anonymous probes, 0 faults`);
  }, 600_000);

  it('answers every probe of a signed-in root with a valid code with the envelope', async () => {
    const { sent, faults } = await sweep('root');
    expect(faults.length, report(faults)).toBe(0);
    expect(sent).toBeGreaterThan(ready().services.routes.length * 20);
    console.info(`hostile input [${ready().kind}]: ${sent} probes as root, 0 faults`);
  }, 600_000);

  it('still refuses a wrong code after the sweep (the probes did not open a way around the guards)', async () => {
    const route = ready().services.routes.find((r) => r.otp && r.method === 'PUT');
    if (!route) throw new Error('no OTP route');
    const right = Number(await codeAt(rootSecretOf(ready()), ready().clock.now()));
    const wrong = String((right + 500_000) % 1_000_000).padStart(6, '0');
    const headers = { ...(await rootHeaders(route, true)), 'otp-token': wrong };
    const outcome = await send(
      ready(),
      route,
      { label: 'wrong code', url: route.url, payload: '{}' },
      headers,
    );
    expect(outcome !== 'hang' && outcome.body).toMatch(/\{\(4004\)\}/);
  });
});
