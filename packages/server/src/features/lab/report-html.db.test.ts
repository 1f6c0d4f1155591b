import { parseCodedMessage } from '@balancer/core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { insertLabResult } from './repository.js';
import { weekBacktestRow } from './test-support.js';

describeEachDatabase('GET /lab/results/:id/report.html', (ctx) => {
  let ops: ReadyOpsApp;
  let backtest: number;
  let sweep: number;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
  });
  afterAll(async () => {
    await ops.services.lab.runner.stop();
    await ops.app.close();
  });
  beforeEach(async () => {
    const db = ctx().handle.db;
    await db.deleteFrom('lab_result').execute();
    const row = weekBacktestRow(await ops.services.trading.settings.get('strategy'), Date.now())(1);
    backtest = await insertLabResult(db, row);
    // Refused by the result's kind (whatever its report).
    sweep = await insertLabResult(db, {
      ...row,
      jobId: '00000000-0000-4000-8000-000000000002',
      kind: 'sweep',
    });
  });

  const get = (id: string | number, headers: Record<string, string>) =>
    ops.call({ method: 'GET', url: `/lab/results/${id}/report.html`, headers }).catch(() => null);
  const raw = (id: string | number, headers: Record<string, string>) =>
    ops.app.inject({ method: 'GET', url: `/lab/results/${id}/report.html`, headers });
  const codeOf = async (id: string | number, headers: Record<string, string>) => {
    const body = (await get(id, headers))?.body;
    return body?.error ? parseCodedMessage(body.error).code : null;
  };

  it('serves a backtest report to authority 2 as a download under a CSP without scripts', async () => {
    const res = await raw(backtest, asUser(2));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="backtest-${backtest}.html"`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).toContain('Strategy and baselines');
    expect(res.body).not.toContain('<script');
  }, 60_000);

  it('refuses the signed-out, authority 1, bad and unknown ids and a sweep with coded errors', async () => {
    expect(await codeOf(backtest, {})).toBe(4252);
    expect(await codeOf(backtest, asUser(1))).toBe(4002);
    for (const bad of ['0', '-1', 'abc', '1.5', '9007199254740993'])
      expect(await codeOf(bad, asUser(2)), bad).toBe(6503);
    expect(await codeOf(999_999, asUser(2))).toBe(5975);
    expect(await codeOf(sweep, asUser(2))).toBe(5989);
  }, 60_000);
});
