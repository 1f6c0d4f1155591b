import { randomUUID } from 'node:crypto';
import { CodedError, type LabJob, type LabResultSummary, parseCodedMessage } from '@balancer/core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { BusPayload, ClusterBus } from '../../shared/cluster-bus.js';
import { asUser, buildReadyOpsApp, type ReadyOpsApp } from '../../testing/ready-app-ops.js';
import { describeEachDatabase } from '../../testing/test-databases.js';
import { LabJobStore } from './job-store.js';
import { LAB_JOB_TIMINGS } from './jobs.js';
import { QUARTER_HOUR_SET, queuedJob, readUntil, WEEK } from './test-support.js';

/**
 * The instances' bus in one process: what one instance publishes reaches every other's
 * subscribers, as the stream's adapter carries it between processes; `dropping` loses messages.
 */
class MemoryHub {
  dropping = false;
  private readonly handlers = new Set<{
    instance: string;
    topic: string;
    handler: (p: BusPayload, from: string) => void;
  }>();

  bus(instance: string): ClusterBus {
    return {
      instance,
      publish: (topic, payload) => {
        if (this.dropping) return;
        for (const entry of this.handlers)
          if (entry.topic === topic && entry.instance !== instance) entry.handler(payload, instance);
      },
      subscribe: (topic, handler) => {
        const entry = { instance, topic, handler };
        this.handlers.add(entry);
        return () => this.handlers.delete(entry);
      },
    };
  }
}

const codeOf = (error: string | null) => (error === null ? null : parseCodedMessage(error).code);
const LONG = { dataSet: QUARTER_HOUR_SET, strategy: 'live' } as const;
const OVER = ['done', 'failed', 'cancelled'] as const;
/** 61 combinations over the 15 m set: tens of seconds, long enough to be cancelled mid-way. */
const LONG_SWEEP = {
  dataSet: QUARTER_HOUR_SET,
  strategy: 'live',
  ranges: [{ parameter: 'increaseGainRequirement', from: -60, to: 0, step: 1 }],
} as const;

// Two instances (A and B) on one database, behind a proxy that may send any request to either:
// a job accepted by A is listed, followed and cancelled through B (docs/cluster.md, Lab jobs).
describeEachDatabase('lab jobs on two instances', (ctx) => {
  const hub = new MemoryHub();
  let a: ReadyOpsApp;
  let b: ReadyOpsApp;
  const startTask = (ops: ReadyOpsApp) => ops.services.background.find((task) => task.name === 'lab jobs')!;

  const build = async (name: string) => {
    const ops = await buildReadyOpsApp(ctx().handle, { config: { INSTANCE_NAME: name }, bus: hub.bus(name) });
    await startTask(ops).start();
    return ops;
  };
  const get = (ops: ReadyOpsApp, url: string) => ops.call({ method: 'GET', url, headers: asUser(2) });
  const post = (ops: ReadyOpsApp, url: string, payload?: object) =>
    ops.call({ method: 'POST', url, headers: asUser(2), ...(payload ? { payload } : {}) });
  /** Whether the job's row carries the cancel request (read straight from the table). */
  const flagOf = async (id: string) =>
    (
      await ctx()
        .handle.db.selectFrom('lab_job')
        .select('cancel_requested')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).cancel_requested;
  /** The job as `ops` answers GET /lab/jobs/:id, read every 200 ms until it passes `test`. */
  const seenBy = (ops: ReadyOpsApp, id: string, test: (job: LabJob) => boolean) =>
    readUntil(
      async () => {
        const answer = await get(ops, `/lab/jobs/${id}`);
        if (!answer.body.success)
          throw new Error(`GET /lab/jobs/${id}: ${JSON.stringify(answer.body.error)}`);
        return answer.body.data as LabJob;
      },
      test,
      60_000,
      200,
    );

  beforeAll(async () => {
    a = await build('lab-a');
    b = await build('lab-b');
  });
  afterAll(async () => {
    for (const ops of [a, b]) {
      await startTask(ops).stop();
      await ops.app.close();
    }
  });
  beforeEach(async () => {
    hub.dropping = false;
    await ctx().handle.db.deleteFrom('lab_result').execute();
    await ctx().handle.db.deleteFrom('lab_job').execute();
  });

  it("shows A's jobs with their progress on B, which cancels them through the bus; nothing is stored", async () => {
    // One job at a time on A (LAB_JOB_CONCURRENCY 1): the backtest waits behind the sweep.
    const sweep = (await post(a, '/lab/sweeps', LONG_SWEEP)).body.data as LabJob;
    const queued = (await post(a, '/lab/backtests', LONG)).body.data as LabJob;
    const running = await seenBy(b, sweep.id, (seen) => seen.status === 'running' && seen.progress > 0);
    expect(running.progress).toBeLessThan(1);
    const listed = (await get(b, '/lab/jobs')).body.data as LabJob[];
    expect(listed.map((seen) => [seen.id, seen.status])).toEqual([
      [queued.id, 'queued'],
      [sweep.id, 'running'],
    ]);
    expect(codeOf((await get(b, '/lab/jobs/00000000-0000-4000-8000-000000000000')).body.error)).toBe(5974);

    // A queued job is only ever cancelled by the message (its row's flag is read when it starts):
    // it ends while the sweep still runs.
    const dequeued = await post(b, `/lab/jobs/${queued.id}/cancel`);
    expect(dequeued.body.data).toMatchObject({ id: queued.id, status: 'cancelled', error: { code: 5970 } });
    expect(a.services.lab.runner.get(sweep.id).status).toBe('running');

    const cancelled = await post(b, `/lab/jobs/${sweep.id}/cancel`);
    expect(cancelled.body.data).toMatchObject({
      id: sweep.id,
      status: 'cancelled',
      resultId: null,
      error: { code: 5992 },
    });
    // A ran it and ended it: its own view and the row agree.
    expect(a.services.lab.runner.get(sweep.id)).toEqual(cancelled.body.data);
    expect(codeOf((await post(b, `/lab/jobs/${sweep.id}/cancel`)).body.error)).toBe(5976);
    expect(await ctx().handle.db.selectFrom('lab_result').select('id').execute()).toEqual([]);
  }, 120_000);

  it('cancels through the flag in the row when the bus loses the message', async () => {
    // One job at a time on A (LAB_JOB_CONCURRENCY 1): the second waits behind the first.
    const first = (await post(a, '/lab/sweeps', LONG_SWEEP)).body.data as LabJob;
    const second = (await post(a, '/lab/backtests', LONG)).body.data as LabJob;
    expect((await seenBy(b, second.id, () => true)).status).toBe('queued');
    hub.dropping = true;
    const lost = post(b, `/lab/jobs/${second.id}/cancel`);
    await readUntil(
      async () => ({ ...second, status: (await flagOf(second.id)) ? 'cancelled' : 'queued' }),
      (seen) => seen.status === 'cancelled',
    );
    hub.dropping = false;
    await post(b, `/lab/jobs/${first.id}/cancel`);
    // A starts the second job, its first write finds the flag, and it ends before any work.
    expect((await lost).body.data).toMatchObject({
      id: second.id,
      status: 'cancelled',
      error: { code: 5970 },
    });
    expect(a.services.lab.runner.get(second.id)).toMatchObject({ status: 'cancelled', resultId: null });
    expect(await ctx().handle.db.selectFrom('lab_result').select('id').execute()).toEqual([]);
  }, 120_000);

  it('lists a job finished on B with its result on both instances', async () => {
    const job = (await post(b, '/lab/backtests', WEEK)).body.data as LabJob;
    const done = await seenBy(a, job.id, (seen) => OVER.includes(seen.status as (typeof OVER)[number]));
    expect(done).toMatchObject({ status: 'done', progress: 1, createdBy: 'user2' });
    expect(done).toEqual(b.services.lab.runner.get(job.id));
    for (const ops of [a, b]) {
      const results = (await get(ops, '/lab/results')).body.data as LabResultSummary[];
      expect(results.map((result) => [result.id, result.jobId])).toEqual([[done.resultId, job.id]]);
      expect(((await get(ops, '/lab/jobs')).body.data as LabJob[])[0]).toEqual(done);
    }
  }, 120_000);

  it("fails an instance's open jobs from its previous life at its start, and a silent instance's at a heartbeat", async () => {
    const store = new LabJobStore(() => ctx().handle.db);
    const now = a.services.clock.wallNow();
    const row = async (instance: string, status: LabJob['status'], updatedAt: number) => {
      const job = queuedJob(randomUUID(), updatedAt);
      await store.insert(job, instance, updatedAt);
      if (status !== 'queued')
        await store.write({ ...job, status, startedAt: updatedAt, progress: 0.3 }, updatedAt);
      return job.id;
    };
    // lab-c was running one job and had one queued when it died; it restarts under the same name.
    const running = await row('lab-c', 'running', now);
    const queued = await row('lab-c', 'queued', now);
    // lab-d has not written for longer than the limit; lab-e wrote just now.
    const silent = await row('lab-d', 'running', now - LAB_JOB_TIMINGS.abandonedAfterMs - 1);
    const alive = await row('lab-e', 'running', now);

    const c = await build('lab-c');
    try {
      for (const id of [running, queued]) {
        const seen = (await get(b, `/lab/jobs/${id}`)).body.data as LabJob;
        expect(seen).toMatchObject({ status: 'failed', error: { code: 5936 } });
        expect(seen.error!.message).toBe(new CodedError('LAB_JOB_INTERRUPTED').codedMessage);
      }
      expect(((await get(b, `/lab/jobs/${silent}`)).body.data as LabJob).status).toBe('running');

      expect((await a.services.lab.jobs.heartbeat()).map((job) => job.id)).toEqual([silent]);
      expect((await get(c, `/lab/jobs/${silent}`)).body.data).toMatchObject({
        status: 'failed',
        error: { code: 5937 },
      });
      expect((await get(c, `/lab/jobs/${alive}`)).body.data).toMatchObject({
        status: 'running',
        progress: 0.3,
      });
      // Ended rows are not reopened: a late write of the silent instance changes nothing.
      expect(await store.write({ ...(await a.services.lab.jobs.get(silent)), status: 'running' }, now)).toBe(
        'gone',
      );
    } finally {
      await startTask(c).stop();
      await c.app.close();
    }
  });
});
