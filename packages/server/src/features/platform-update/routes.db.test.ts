import type { PlatformUpdate, PlatformVersion } from '@balancer/core';
import { expect, it } from 'vitest';
import { UPDATE_SENDER } from './checker.js';
import { readRunningVersions } from './running.js';
import { as, checkNow, describeWithReleases, logged, manifest } from './test-support.js';

const running = readRunningVersions();
const API = running.api.version ?? '0.0.0';
const GUI = running.gui.version ?? '0.0.0';

// Steps for an install started by npm start, even when the test runner itself runs under systemd
// (which would set INVOCATION_ID and give the service's steps: steps.test.ts covers those).
delete process.env.INVOCATION_ID;

describeWithReleases('the platform update routes', (ctx) => {
  const version = async () =>
    (await as(ctx(), 1, { method: 'GET', url: '/platform/version' })).data as PlatformVersion;
  const updateNotifications = async () =>
    (await ctx().ready.services.notifications.list({ limit: 30 })).filter((n) => n.sender === UPDATE_SENDER);

  it('shows the running versions and no check before the first one', async () => {
    const data = await version();
    expect(data.api).toEqual({ running: running.api, latest: null });
    expect(data.gui).toEqual({ running: running.gui, latest: null });
    expect(data.updateAvailable).toBeNull();
    expect(data.check).toEqual({
      status: 'never-checked',
      source: ctx().releases.url,
      lastCheckedAt: null,
      error: null,
    });
  });

  it('fills the latest versions from a good manifest and announces the release once', async () => {
    const release = manifest('99.0.0', GUI, { notes: 'Faster ticks', url: 'https://example.org/v99' });
    ctx().releases.answer({ kind: 'manifest', body: release });
    const answer = await checkNow(ctx());
    expect(answer.success).toBe(true);
    const data = answer.data as PlatformVersion;
    expect(data.api.latest).toEqual(release.api);
    expect(data.gui.latest).toEqual(release.gui);
    // Only the API is behind: the GUI runs the latest version.
    expect(data.updateAvailable).toBe('API');
    expect(data.check).toMatchObject({ status: 'ok', error: null, lastCheckedAt: expect.any(Number) });
    expect(data.release).toEqual({ notes: 'Faster ticks', url: 'https://example.org/v99' });
    expect(await version()).toEqual(data);

    const essentials = await as(ctx(), 1, { method: 'GET', url: '/data-join/app-essentials' });
    expect((essentials.data as { version: unknown }).version).toEqual({
      api: data.api,
      gui: data.gui,
      updateAvailable: 'API',
    });

    const [first, ...rest] = await updateNotifications();
    expect(rest).toEqual([]);
    expect(first?.description).toContain(`API 99.0.0 (running ${API})`);
    await checkNow(ctx());
    expect(await updateNotifications()).toHaveLength(1);
  });

  it('keeps the last known release when the source fails, warning once per change', async () => {
    const before = await version();
    const cases = [
      {
        answer: { kind: 'status', status: 404 } as const,
        status: 'unreachable',
        error: 'HTTP 404 from the update source',
      },
      {
        answer: { kind: 'status', status: 500 } as const,
        status: 'unreachable',
        error: 'HTTP 500 from the update source',
      },
      { answer: { kind: 'not-json' } as const, status: 'invalid', error: 'the manifest is not JSON' },
      {
        answer: { kind: 'manifest', body: { ...manifest('99.0.0', GUI), api: { version: 'v99' } } } as const,
        status: 'invalid',
        error: expect.stringContaining('api.version'),
      },
    ];
    for (const { answer, status, error } of cases) {
      ctx().releases.answer(answer);
      const data = (await checkNow(ctx())).data as PlatformVersion;
      expect(data.check).toMatchObject({ status, error });
      expect(data.api.latest).toEqual(before.api.latest);
      expect(data.updateAvailable).toBe('API');
    }
    // ok → unreachable and unreachable → invalid are changes; 404 → 500 and invalid → invalid are not.
    expect(logged(ctx().ready, 'version check failed').map((line) => line.status)).toEqual([
      'unreachable',
      'invalid',
    ]);
    expect(JSON.stringify(ctx().ready.logLines)).not.toContain('"stack"');
  });

  it('announces a newer release again and says when the source answers again', async () => {
    ctx().releases.answer({ kind: 'manifest', body: manifest('99.1.0', '99.1.0') });
    const data = (await checkNow(ctx())).data as PlatformVersion;
    expect(data.updateAvailable).toBe('BOTH');
    expect(await updateNotifications()).toHaveLength(2);
    expect(logged(ctx().ready, 'version check: the update source answers again')).toHaveLength(1);
  });

  it('gives authority 2 the upgrade steps for this install', async () => {
    const answer = await as(ctx(), 2, { method: 'GET', url: '/platform/update' });
    const data = answer.data as PlatformUpdate;
    expect(data.api.latest?.version).toBe('99.1.0');
    expect(data.steps[0]).toMatchObject({ title: 'Back up first', command: 'npm run cli -- backup <file>' });
    expect(data.steps.map((step) => step.command).filter(Boolean)).toContain('npm start');
    // The embedded database (no DATABASE_URL in the test config) and its data folder.
    expect(data.steps[0]?.note).toContain(ctx().ready.config.BALANCER_DATA_DIR);
    expect((await as(ctx(), 1, { method: 'GET', url: '/platform/update' })).code).toBe(4002);
  });

  it('checks only for authority 3 with a valid one-time code', async () => {
    const requests = ctx().releases.requests;
    const url = '/platform/update/check';
    expect((await as(ctx(), 2, { method: 'POST', url, otp: true })).code).toBe(4002);
    expect((await as(ctx(), 3, { method: 'POST', url })).code).toBe(4003);
    expect((await as(ctx(), 3, { method: 'POST', url, otp: '000000' })).code).toBe(4004);
    expect(ctx().releases.requests).toBe(requests);
  });

  it('answers malformed requests with coded errors, checking nothing', async () => {
    const requests = ctx().releases.requests;
    const { app } = ctx().ready;
    const { token } = ctx().users.get(3) ?? { token: '' };
    const broken = await app.inject({
      method: 'POST',
      url: '/platform/update/check',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"force":',
    });
    expect(broken.statusCode).toBeLessThan(500);
    expect(JSON.parse(broken.body)).toMatchObject({
      success: false,
      error: expect.stringMatching(/\(\d{4}\)\}?$/),
    });
    const extra = await as(ctx(), 1, { method: 'GET', url: '/platform/version?refresh=1' });
    expect(extra.success).toBe(true);
    expect(ctx().releases.requests).toBe(requests);
  });
});
