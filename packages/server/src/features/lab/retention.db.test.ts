import type { LabJob } from '@balancer/core';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { LabJobStore } from './job-store.js';
import { insertLabResult, LAB_RESULT_LIST_LIMIT, listLabResults } from './repository.js';
import { LAB_JOB_FINISHED_KEPT, labJobRetention, labResultRetention } from './retention.js';
import { LIVE_INPUTS, queuedJob, weekBacktestRow } from './test-support.js';

describeEachDatabase('lab result retention', (ctx) => {
  beforeEach(() => ctx().handle.db.deleteFrom('lab_result').execute());

  it('keeps the newest 200 results and deletes the older ones', async () => {
    const { db } = ctx().handle;
    // One stored week's backtest, inserted as 203 results.
    const row = weekBacktestRow(LIVE_INPUTS.strategy, 0)(0);
    for (let i = 0; i < LAB_RESULT_LIST_LIMIT + 3; i++) {
      await insertLabResult(db, {
        ...row,
        jobId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        createdAt: 1_767_225_600_000 + i,
      });
    }
    expect(await labResultRetention.apply(db, Date.now())).toBe(3);
    const kept = await listLabResults(db);
    expect(kept).toHaveLength(LAB_RESULT_LIST_LIMIT);
    // Newest first: the last inserted down to the 4th (0-based 3).
    expect(kept[0]!.createdAt).toBe(1_767_225_600_000 + LAB_RESULT_LIST_LIMIT + 2);
    expect(kept.at(-1)!.createdAt).toBe(1_767_225_600_000 + 3);
    expect(await labResultRetention.apply(db, Date.now())).toBe(0);
  });
});

describeEachDatabase('lab job retention', (ctx) => {
  beforeEach(() => ctx().handle.db.deleteFrom('lab_job').execute());

  it('keeps every open job and the newest 500 finished ones', async () => {
    const { db } = ctx().handle;
    const store = new LabJobStore(() => db);
    const job = (n: number, status: LabJob['status']): LabJob => ({
      ...queuedJob(`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, 1_767_225_600_000 + n),
      status,
    });
    // The oldest job is still queued (an instance's queue); then finished ones, and a running one.
    await store.insert(job(0, 'queued'), 'lab-a', 0);
    for (let n = 1; n <= LAB_JOB_FINISHED_KEPT + 2; n++) {
      await store.insert(job(n, 'queued'), 'lab-a', n);
      await store.write(job(n, n % 2 === 0 ? 'done' : 'cancelled'), n);
    }
    await store.insert(job(LAB_JOB_FINISHED_KEPT + 3, 'running'), 'lab-a', 0);
    // The list: the open jobs and the newest finished ones, newest first.
    expect((await store.list(2)).map((listed) => listed.id)).toEqual(
      [LAB_JOB_FINISHED_KEPT + 3, LAB_JOB_FINISHED_KEPT + 2, LAB_JOB_FINISHED_KEPT + 1, 0].map(
        (n) => job(n, 'queued').id,
      ),
    );
    expect(await labJobRetention.apply(db, Date.now())).toBe(2);
    const ids = (await db.selectFrom('lab_job').select('id').orderBy('seq').execute()).map((row) => row.id);
    expect(ids).toHaveLength(LAB_JOB_FINISHED_KEPT + 2);
    expect(ids.slice(0, 2)).toEqual([job(0, 'queued').id, job(3, 'done').id]);
    expect(await labJobRetention.apply(db, Date.now())).toBe(0);
  });
});
