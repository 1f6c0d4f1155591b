import type { PlatformVersion } from '@balancer/core';
import { expect, it, vi } from 'vitest';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { UPDATE_SENDER, VersionChecker, type VersionCheckerOptions } from './checker.js';
import { readRunningVersions } from './running.js';
import { describeWithReleases, manifest } from './test-support.js';

const running = readRunningVersions();
const silent = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });

describeWithReleases('the version checker', (ctx) => {
  /** Another checker on the same database, as after a restart. */
  const rebuilt = (options: Partial<VersionCheckerOptions> = {}) =>
    new VersionChecker(ctx().ready.platform, ctx().ready.services.notifications, silent, {
      source: ctx().releases.url,
      running,
      ...options,
    });
  const announced = async () =>
    (await ctx().ready.services.notifications.list({ limit: 30 })).filter((n) => n.sender === UPDATE_SENDER)
      .length;

  it('joins a check already running instead of asking twice', async () => {
    ctx().releases.answer({ kind: 'manifest', body: manifest('98.0.0', '98.0.0') });
    const requests = ctx().releases.requests;
    const [a, b] = await Promise.all([ctx().checker.check(), ctx().checker.check()]);
    expect(a).toEqual(b);
    expect(ctx().releases.requests).toBe(requests + 1);
    expect(await announced()).toBe(1);
  });

  it('shows the last known release after a restart, and does not announce it again', async () => {
    const before = await ctx().checker.version();
    const after = rebuilt();
    expect(await after.version()).toEqual(before);
    await after.check();
    expect(await announced()).toBe(1);
  });

  it('gives up on a source that does not answer, keeping the last release', async () => {
    ctx().releases.answer({ kind: 'hang' });
    const checker = rebuilt({ timeoutMs: 200 });
    const data = await checker.check();
    expect(data.check).toMatchObject({ status: 'unreachable', error: 'no answer within 0.2 s' });
    expect(data.api.latest?.version).toBe('98.0.0');
  });

  it('stops: a fetch in flight is aborted and nothing is recorded', async () => {
    ctx().releases.answer({ kind: 'hang' });
    const checker = rebuilt();
    const before = await checker.version();
    const requests = ctx().releases.requests;
    const pending = checker.check();
    await vi.waitFor(() => expect(ctx().releases.requests).toBe(requests + 1));
    await checker.stop();
    expect(await pending).toEqual(before);
    expect(await rebuilt().version()).toEqual(before);
  });

  it('checks at start and every interval, until stopped', async () => {
    ctx().releases.answer({ kind: 'manifest', body: manifest('98.0.1', '98.0.0') });
    const requests = ctx().releases.requests;
    const checker = rebuilt({ intervalMs: 20 });
    checker.start();
    // The start check plus at least one timed one.
    await vi.waitFor(() => expect(ctx().releases.requests).toBeGreaterThanOrEqual(requests + 2));
    await checker.stop();
    expect((await checker.version()).api.latest?.version).toBe('98.0.1');
  });

  it('is off with UPDATE_SOURCE_URL=off: no check, status off, the last release still shown', async () => {
    const off = rebuilt({ source: 'off' });
    off.start();
    await expect(off.check()).rejects.toMatchObject({ code: 7040 });
    const data: PlatformVersion = await off.version();
    expect(data.check).toMatchObject({ status: 'off', source: 'off' });
    expect(data.api.latest?.version).toBe('98.0.1');
    await off.stop();
  });

  it('announces a new release once when two instances check it at the same time', async () => {
    ctx().releases.answer({ kind: 'manifest', body: manifest('98.1.0', '98.0.0') });
    const before = await announced();
    // Two checkers on one database stand for two instances (docs/shared-state.md).
    const [a, b] = [rebuilt(), rebuilt()];
    await Promise.all([a.check(), b.check()]);
    expect(await announced()).toBe(before + 1);
    // Each shows the newest stored result, and a later check by either announces nothing new.
    expect((await b.version()).api.latest?.version).toBe('98.1.0');
    await rebuilt().check();
    expect(await announced()).toBe(before + 1);
  });
});
