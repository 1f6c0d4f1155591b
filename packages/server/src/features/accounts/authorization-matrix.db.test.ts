import { parseCodedMessage } from '@balancer/core';
import { beforeAll, expect, it } from 'vitest';
import type { RouteSpec } from '../../http/route-spec.js';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { hasArguments, ROUTE_SAMPLES, routeKey, urlWith } from '../../testing/route-samples.js';
import { codeAt, nextIp } from './test-support.js';
import { freshCode, rootSecretOf } from './test-users.js';

// Every route of the authorization table × anonymous and authority 1–5 × no, wrong and valid
// one-time code. The expected outcome comes from the route's own authority and otp fields; only
// the guards' verdict is checked, not what the handler then does.

const key = routeKey;
const CALLERS = ['anonymous', 1, 2, 3, 4, 5] as const;
const OTP_MODES = ['none', 'wrong', 'valid'] as const;
type Caller = (typeof CALLERS)[number];
type OtpMode = (typeof OTP_MODES)[number];
/** The codes a guard answers with; a route that lets the caller through answers none of them. */
const GUARD_CODES = new Set([4000, 4001, 4002, 4003, 4004, 4252, 6002, 6003, 6503]);

/** What the guards must decide, from the route's table entry alone. */
function expectedVerdict(route: RouteSpec, caller: Caller, otp: OtpMode): number | 'passes' {
  if (route.authority === 0) return 'passes';
  if (caller === 'anonymous') return 4252;
  if (caller < route.authority) return 4002;
  if (!route.otp) return 'passes';
  return otp === 'none' ? 4003 : otp === 'wrong' ? 4004 : 'passes';
}

describeEachReadyApp('the authorization matrix', (ready) => {
  const secrets = new Map<Caller, { id: string; secret: string }>();
  beforeAll(async () => {
    const { accounts } = ready().services;
    const root = (await accounts.listUsers()).find((user) => user.authority === 5);
    secrets.set(5, { id: root?.id ?? '', secret: rootSecretOf(ready()) });
    for (const authority of [1, 2, 3, 4] as const) {
      const user = await accounts.createUser({ nickname: `level${authority}`, authority });
      secrets.set(authority, { id: user.id, secret: (await accounts.otpHandover(user.id)).otpSecret });
    }
  });

  it('has sample arguments for every route that takes some', () => {
    const missing = ready().services.routes.filter(
      (route) => hasArguments(route) && !ROUTE_SAMPLES[key(route)],
    );
    expect(missing.map(key)).toEqual([]);
    const urls = ready().services.routes.map(key);
    for (const url of [
      'GET /altcha',
      'GET /auth/jwt/refresh-jwt',
      'POST /auth/jwt/refresh-jwt',
      'GET /auth/user',
    ])
      expect(urls).toContain(url);
  });

  it('gives every route × caller × code the verdict its table entry says', async () => {
    const { app, services, clock } = ready();
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of services.routes) {
      for (const caller of CALLERS) {
        for (const otp of OTP_MODES) {
          const headers: Record<string, string> = {};
          const who = caller === 'anonymous' ? undefined : secrets.get(caller);
          if (who) headers.authorization = `Bearer ${await services.accounts.issueAccessToken(who.id)}`;
          const secret = who?.secret ?? rootSecretOf(ready());
          if (otp === 'valid') headers['otp-token'] = await freshCode(ready(), secret);
          if (otp === 'wrong') {
            const right = Number(await codeAt(secret, clock.now()));
            headers['otp-token'] = String((right + 500_000) % 1_000_000).padStart(6, '0');
          }
          const sample = ROUTE_SAMPLES[key(route)]?.() ?? {};
          const response = await app.inject({
            method: route.method,
            url: urlWith(route, sample),
            headers,
            remoteAddress: nextIp(),
            ...(sample.body === undefined ? {} : { payload: sample.body as object }),
          });
          const isJson = String(response.headers['content-type']).startsWith('application/json');
          const error = isJson ? (JSON.parse(response.body) as { error?: string | null }).error : null;
          const code = error ? parseCodedMessage(error).code : undefined;
          const expected = expectedVerdict(route, caller, otp);
          const passed = response.statusCode !== 404 && (code === undefined || !GUARD_CODES.has(code));
          const ok = expected === 'passes' ? passed : code === expected;
          checked += 1;
          if (!ok)
            mismatches.push(
              `${key(route)} as ${caller} with ${otp} code: expected ${expected}, got ${code ?? response.statusCode}`,
            );
        }
      }
    }
    expect(mismatches).toEqual([]);
    // 6 callers × 3 code modes for every route.
    expect(checked).toBe(services.routes.length * 18);
  }, 120_000);
});
