import { type LabLiveOriginAnswer, parseCodedMessage, type StrategyConfig } from '@balancer/core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { resetTrading } from '../../trading/test-support.js';
import { LAB_LIVE_ORIGIN_KEPT, recordLiveOrigin } from './live-origin.js';
import { insertLabResult } from './repository.js';
import { labLiveOriginRetention } from './retention.js';
import { HOURLY_SET, sweepResultRow, WEEK, weekBacktestRow } from './test-support.js';

const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);

const SWEEP = { ...WEEK, ranges: [{ parameter: 'increaseGainRequirement', from: -4, to: 0, step: 2 }] };

describeEachDatabase('lab live origin', (ctx) => {
  let ops: ReadyOpsApp;
  beforeAll(async () => {
    ops = await buildReadyOpsApp(ctx().handle);
  });
  afterAll(async () => {
    await ops.services.lab.runner.stop();
    await ops.app.close();
  });
  beforeEach(async () => {
    await resetTrading(ctx().handle.db);
    await ctx().handle.db.deleteFrom('lab_result').execute();
    await ctx().handle.db.deleteFrom('lab_live_origin').execute();
    await ctx().handle.db.deleteFrom('notification').where('sender', '=', 'lab').execute();
  });
  const labNotices = () =>
    ctx()
      .handle.db.selectFrom('notification')
      .select(['title', 'description'])
      .where('sender', '=', 'lab')
      .execute();
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    ops.call({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });
  const origin = async (authority: 1 | 2 = 1) =>
    ((await call('GET', '/lab/live-origin', asUser(authority))).body.data as LabLiveOriginAnswer).origin;

  /** A real sweep of three rows over a week, stored as a finished job would. */
  async function storedSweep(): Promise<number> {
    const live = await ops.services.trading.settings.get('strategy');
    return insertLabResult(
      ctx().handle.db,
      sweepResultRow(SWEEP, live, {
        jobId: '00000000-0000-4000-8000-0000000000a1',
        createdAt: 1,
        createdBy: 'root',
      }),
    );
  }

  it('is null until a row is applied, then names the row with its figures until the live settings change', async () => {
    expect(await origin()).toBeNull();
    const id = await storedSweep();
    // Who may apply: 3 + OTP; a refused apply records nothing.
    expect(codeOf((await call('POST', `/lab/results/${id}/rows/1/apply`, asUser(2, true))).body.error)).toBe(
      4002,
    );
    expect(codeOf((await call('POST', `/lab/results/${id}/rows/9/apply`, asUser(3, true))).body.error)).toBe(
      5978,
    );
    expect(await origin()).toBeNull();
    expect(await labNotices()).toEqual([]);

    const applied = (await call('POST', `/lab/results/${id}/rows/1/apply`, asUser(3, true))).body
      .data as StrategyConfig;
    // The apply is told: who, which row of which result, on which data, and what the strategy now does.
    const [notice] = await labNotices();
    expect(notice?.title).toBe('Live strategy replaced from the lab');
    expect(notice?.description).toMatch(
      new RegExp(
        `^\\S+ applied row 2 of lab sweep ${id} \\(data set ${HOURLY_SET}\\) to the live strategy\\. It now buys [\\d,]+\\.\\d\\d USDT on a reversal event`,
      ),
    );
    expect(notice?.description).toContain(`adds at a gain ≤ ${applied.increaseGainRequirement} %`);
    const seen = await origin();
    expect(seen).toMatchObject({
      resultId: id,
      kind: 'sweep',
      row: 1,
      dataSet: HOURLY_SET,
      config: applied,
      resultStored: true,
      matchesLive: true,
    });
    expect(seen?.figures).toMatchObject({ metric: 'return-drawdown', point: expect.any(Object) });
    expect((seen!.figures as { inSample: { finalEquity: string } }).inSample.finalEquity).toMatch(
      /^\d+\.\d{2}$/,
    );

    // Edited since: still the origin, no longer matching.
    const edited = { ...applied, increaseIdleDuration: applied.increaseIdleDuration + 1 };
    expect(
      (await call('PUT', '/position/strategy', asUser(3, true), { newConfig: edited })).body.error,
    ).toBeNull();
    expect(await origin(2)).toMatchObject({ resultId: id, matchesLive: false });

    // The snapshot outlives the result.
    expect((await call('DELETE', `/lab/results/${id}`, asUser(2))).body.error).toBeNull();
    expect(await origin()).toMatchObject({ resultId: id, resultStored: false, config: applied });
  }, 60_000);

  it('records a backtest result applied whole; only a session may read it; retention keeps the newest', async () => {
    const live = await ops.services.trading.settings.get('strategy');
    const stored = weekBacktestRow(live, 1)(9);
    const id = await insertLabResult(ctx().handle.db, stored);
    expect((await call('POST', `/lab/results/${id}/apply`, asUser(3, true))).body.error).toBeNull();
    const seen = await origin();
    expect(seen).toMatchObject({ resultId: id, kind: 'backtest', row: null, matchesLive: true });
    expect((await labNotices()).map((n) => n.description)).toEqual([
      expect.stringContaining(`applied lab result ${id} (data set `),
    ]);
    expect((seen!.figures as { outcome: { id: string } }).outcome.id).toBe(stored.outcomes[0]!.id);

    expect(codeOf((await call('GET', '/lab/live-origin', {})).body.error)).toBe(4252);
    // Older applies (of another result) go; the newest, the live origin, stays.
    const older = { ...seen!, resultId: id + 1, row: null, config: seen!.config, figures: {} };
    const db = ctx().handle.db;
    for (let n = 0; n < LAB_LIVE_ORIGIN_KEPT + 2; n++) await recordLiveOrigin(db, older);
    await recordLiveOrigin(db, { ...older, resultId: id, figures: seen!.figures });
    // 1 + 52 + 1 applies, 50 kept.
    expect(await labLiveOriginRetention.apply(db, Date.now())).toBe(4);
    expect(await origin()).toMatchObject({ resultId: id, matchesLive: true });
  }, 60_000);
});
