import type { ReleaseManifest } from '@balancer/core';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildReadyApp, type ReadyApp } from '../../testing/ready-app.js';
import { type ReleaseServer, startReleaseServer } from '../../testing/release-server.js';
import { databaseKinds, type TestDatabase } from '../../testing/test-databases.js';
import { call, nextIp } from '../accounts/test-support.js';
import { freshCode } from '../accounts/test-users.js';
import type { VersionChecker } from './checker.js';

// Helpers of the platform update tests: a ready app whose checker reads a local release server.

export interface UpdateContext {
  ready: ReadyApp;
  releases: ReleaseServer;
  /** The checker the routes use (the app's background task). */
  checker: VersionChecker;
  /** Signed-in users of authority 1–3: token and one-time-code secret. */
  users: Map<number, { token: string; secret: string }>;
}

/** Runs a suite per database kind on a ready app pointed at a fresh local release server. */
export function describeWithReleases(title: string, body: (ctx: () => UpdateContext) => void): void {
  for (const { kind, create } of databaseKinds()) {
    describe(`${title} [${kind}]`, () => {
      let target: TestDatabase | undefined;
      let context: UpdateContext | undefined;
      beforeAll(async () => {
        const releases = await startReleaseServer();
        target = await create();
        const ready = await buildReadyApp(target, { config: { UPDATE_SOURCE_URL: releases.url } });
        const checker = ready.services.background.find((task) => task.name === 'version check');
        const users = new Map<number, { token: string; secret: string }>();
        for (const authority of [1, 2, 3]) {
          const user = await ready.services.accounts.createUser({
            nickname: `updates${authority}`,
            authority,
          });
          const { otpSecret } = await ready.services.accounts.otpHandover(user.id);
          users.set(authority, {
            token: await ready.services.accounts.issueAccessToken(user.id),
            secret: otpSecret,
          });
        }
        context = { ready, releases, checker: checker as VersionChecker, users };
      });
      afterAll(async () => {
        await context?.checker.stop();
        await context?.ready.close();
        await context?.releases.close();
        await target?.dispose();
      });
      body(() => {
        if (!context) throw new Error('the context is not built yet');
        return context;
      });
    });
  }
}

const SHA = 'c'.repeat(40);

/** A manifest naming `api` and `gui` versions, committed at 1_700_000_000_000 ms. */
export function manifest(api: string, gui: string, extra: Partial<ReleaseManifest> = {}): ReleaseManifest {
  const eventTime = 1_700_000_000_000;
  return { api: { version: api, sha: SHA, eventTime }, gui: { version: gui, sha: SHA, eventTime }, ...extra };
}

/** A request as the user of `authority`; `otp: true` adds a fresh valid code. */
export async function as(
  ctx: UpdateContext,
  authority: number,
  request: { method: 'GET' | 'POST'; url: string; otp?: boolean | string; body?: unknown },
) {
  const user = ctx.users.get(authority);
  if (!user) throw new Error(`no user of authority ${authority}`);
  const otp = request.otp === true ? await freshCode(ctx.ready, user.secret) : request.otp || undefined;
  return call(ctx.ready.app, {
    method: request.method,
    url: request.url,
    token: user.token,
    ip: nextIp(),
    ...(otp ? { otp } : {}),
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

/** POST /platform/update/check as authority 3 with a valid code. */
export const checkNow = (ctx: UpdateContext) =>
  as(ctx, 3, { method: 'POST', url: '/platform/update/check', otp: true });

/** Log lines (parsed) whose message is `msg`. */
export function logged(ready: ReadyApp, msg: string): Array<Record<string, unknown>> {
  return ready.logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);
}
