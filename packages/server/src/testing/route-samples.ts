import { randomUUID } from 'node:crypto';
import { engineSamples } from '../features/engine/test-samples.js';
import { labSamples } from '../features/lab/test-samples.js';
import { notificationSamples } from '../features/notifications/test-samples.js';
import { platformUpdateSamples } from '../features/platform-update/test-samples.js';
import { tradingSamples } from '../features/positions/test-samples.js';
import { recordsSamples } from '../features/records/test-samples.js';
import { serverMonitorSamples } from '../features/server-monitor/test-samples.js';
import type { RouteSpec } from '../http/route-spec.js';

/** Arguments of one request: path parameters, query and JSON body. */
export interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

let sampleCounter = 0;
const page = { query: { limit: '5' } };
const missingUser = () => ({ params: { id: randomUUID() } });
const credentials = { nickname: 'nobody', otpToken: '123456', altchaPayload: 'AAAA' };

/**
 * Valid-shaped arguments for every route of the table that takes some (`METHOD url` → a fresh
 * sample), for the generated tests over the whole table: the authorization matrix and the
 * hostile-input test. A route whose schemas accept these reaches its handler once the guards
 * let the caller through.
 */
export const ROUTE_SAMPLES: Record<string, () => Sample> = {
  'POST /auth/jwt/sign-in': () => ({ body: { ...credentials, password: 'Matrix-pa55!' } }),
  'POST /auth/jwt/sign-out': () => ({ body: { allDevices: false } }),
  'GET /auth/jwt/:userId': () => ({ params: { userId: 'me' } }),
  'DELETE /auth/jwt/sessions/:sessionId': () => ({ params: { sessionId: randomUUID() } }),
  'GET /server/history': () => ({ query: { range: '48h' } }),
  'GET /position/equity': () => ({ query: { range: '7d' } }),
  'GET /auth/user/:id/otp-secret': missingUser,
  'GET /auth/user/:id/password-updates': () => ({ ...missingUser(), ...page }),
  'GET /auth/user/:id/sessions': missingUser,
  'POST /auth/user': () => ({ body: { nickname: `matrix${++sampleCounter}`, authority: 1 } }),
  'PATCH /auth/user/:id/nickname': () => ({ ...missingUser(), body: { newNickname: 'matrixname' } }),
  'PATCH /auth/user/:id/authority': () => ({ ...missingUser(), body: { newAuthority: 1 } }),
  'PATCH /auth/user/:id/otp-secret': missingUser,
  'PATCH /auth/user/:id/unlock': missingUser,
  'DELETE /auth/user/:id': missingUser,
  'PATCH /auth/user/password': () => ({ body: { ...credentials, newPassword: 'Matrix-pa55!' } }),
  'GET /ip-blacklist': () => page,
  'POST /ip-blacklist': () => ({
    body: { ip: `203.0.113.${100 + (++sampleCounter % 100)}`, notes: 'matrix test' },
  }),
  'PUT /ip-blacklist/:id': () => ({ params: { id: '999999' }, body: { ip: '198.51.100.7' } }),
  'DELETE /ip-blacklist/:id': () => ({ params: { id: '999999' } }),
  'GET /api-error': () => page,
  ...tradingSamples(),
  ...engineSamples(),
  ...notificationSamples(),
  ...platformUpdateSamples(),
  ...serverMonitorSamples(),
  ...labSamples(),
  ...recordsSamples(),
};

/** A route's key in ROUTE_SAMPLES. */
export const routeKey = (route: Pick<RouteSpec, 'method' | 'url'>): string => `${route.method} ${route.url}`;

/** Whether the route declares any argument schema. */
export function hasArguments(route: RouteSpec): boolean {
  return Boolean(route.schema?.body || route.schema?.params || route.schema?.querystring);
}

/**
 * The request URL of a route with the sample's parameters (used as given: already encoded where
 * a test wants raw escapes) and query.
 */
export function urlWith(route: Pick<RouteSpec, 'url'>, sample: Sample, rawQuery?: string): string {
  const path = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => sample.params?.[name] ?? `:${name}`);
  const query = rawQuery ?? new URLSearchParams(sample.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}
