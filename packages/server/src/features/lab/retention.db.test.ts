import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { insertLabResult, LAB_RESULT_LIST_LIMIT, listLabResults } from './repository.js';
import { labResultRetention } from './retention.js';
import { LIVE_INPUTS } from './test-support.js';

describeEachDatabase('lab result retention', (ctx) => {
  beforeEach(() => ctx().handle.db.deleteFrom('lab_result').execute());

  it('keeps the newest 200 results and deletes the older ones', async () => {
    const { db } = ctx().handle;
    const inputs = LIVE_INPUTS;
    for (let i = 0; i < LAB_RESULT_LIST_LIMIT + 3; i++) {
      await insertLabResult(db, {
        jobId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        kind: 'backtest',
        createdAt: 1_767_225_600_000 + i,
        createdBy: 'user2',
        appVersion: '0.1.0',
        dataSet: inputs.dataSet,
        dataSha256: 'a'.repeat(64),
        inputs,
        outcomes: [],
        report: { kind: 'balancer-backtest', run: i },
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
