import { parseCodedMessage } from '@balancer/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextIp } from '../features/accounts/test-support.js';
import { freshCode, rootSecretOf } from '../features/accounts/test-users.js';
import { type ContractSample, type LiveSample, seedContract } from '../testing/contract-seed.js';
import { describeEachReadyApp } from '../testing/ready-app.js';
import { startReleaseServer } from '../testing/release-server.js';
import { ROUTE_SAMPLES, routeKey, urlWith } from '../testing/route-samples.js';
import type { RouteSpec } from './route-spec.js';

// The wire contract, checked over the whole route table: every route that answers data is called
// by root (a valid token and a fresh one-time code) on a seeded app, in table order, and its
// answer's `data` must parse with the route's response schema (core api/) and come out of the
// parse unchanged, so a field the schema does not name (zod drops it) fails as surely as a
// missing or mistyped one. A route added to the table is covered the same day.

/** A release manifest for the update check, served locally (tests never reach the internet). */
const releases = await startReleaseServer({
  kind: 'manifest',
  body: {
    api: { version: '9.0.0', sha: 'a'.repeat(40), eventTime: 1_767_225_600_000 },
    gui: { version: '9.0.0', sha: 'b'.repeat(40), eventTime: 1_767_225_600_000 },
    notes: 'Contract test release',
  },
});
afterAll(() => releases.close());

/** Routes that only act (their data is null) and would end the caller's session or account. */
const actsOnly = (route: RouteSpec) => route.response.safeParse(null).success;

describeEachReadyApp(
  "every answer matches its route's response schema",
  (ready) => {
    let samples: Record<string, LiveSample> = {};
    let token = '';
    beforeAll(async () => {
      samples = await seedContract(ready());
      const root = (await ready().services.accounts.listUsers()).find((user) => user.authority === 5);
      token = await ready().services.accounts.issueAccessToken(root?.id ?? '');
    }, 60_000);

    it('answers every data route of the table with data its schema accepts, nothing dropped', async () => {
      const faults: string[] = [];
      let checked = 0;
      for (const route of ready().services.routes) {
        if (actsOnly(route)) continue;
        const key = routeKey(route);
        const sample: ContractSample = await (samples[key] ?? ROUTE_SAMPLES[key] ?? (() => ({})))();
        const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...sample.headers };
        if (route.otp) headers['otp-token'] = await freshCode(ready(), rootSecretOf(ready()));
        const response = await ready().app.inject({
          method: route.method,
          url: urlWith(route, sample),
          remoteAddress: nextIp(),
          headers,
          ...(sample.body === undefined ? {} : { payload: sample.body as object }),
        });
        if (route.document) {
          // A document answers itself: 200 with its content type (an error is the envelope).
          const type = String(response.headers['content-type']);
          if (response.statusCode !== 200 || !type.startsWith(route.document))
            faults.push(`${key}: answered ${response.statusCode} ${type}: ${response.body.slice(0, 200)}`);
          checked += 1;
          continue;
        }
        const envelope = response.json() as { success: boolean; data: unknown; error: string | null };
        if (!envelope.success) {
          faults.push(`${key}: refused ${parseCodedMessage(envelope.error ?? '').code}: ${envelope.error}`);
          continue;
        }
        if (Array.isArray(envelope.data) && envelope.data.length === 0) {
          faults.push(`${key}: an empty list proves nothing: seed a row (testing/contract-seed.ts)`);
        }
        const parsed = route.response.safeParse(envelope.data);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
          faults.push(`${key}: ${issues.slice(0, 5).join('; ')}`);
        } else {
          try {
            expect(parsed.data).toStrictEqual(envelope.data);
          } catch {
            faults.push(
              `${key}: the schema drops or changes fields of ${JSON.stringify(envelope.data).slice(0, 200)}`,
            );
          }
        }
        checked += 1;
      }
      expect(faults, faults.join('\n')).toEqual([]);
      // Every route but the four that only act (sign-out, delete a user, set a password, end a
      // session): a new route that answers null must be named here.
      expect(checked).toBe(ready().services.routes.length - 4);
      console.info(`contract [${ready().kind}]: ${checked} routes' answers match their schemas`);
    }, 120_000);
  },
  { config: { UPDATE_SOURCE_URL: releases.url } },
);
