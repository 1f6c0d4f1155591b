import { CodedError, type LabJob } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { LAB_QUEUE_LIMITS } from './index.js';
import {
  type JobRecords,
  JobRunner,
  type JobRunnerLimits,
  type JobSpec,
  PROGRESS_WRITE_MS,
} from './job-runner.js';
import { LIVE_INPUTS } from './test-support.js';

/**
 * The rows as the table keeps them, in memory: a write to an ended row is refused (`gone`), and
 * `cancelAsked` flags a row as another instance's cancel does.
 */
function memoryRecords() {
  const rows = new Map<string, { job: LabJob; cancel: boolean }>();
  const open = (job: LabJob) => job.status === 'queued' || job.status === 'running';
  const records: JobRecords = {
    insert: async (job) => {
      rows.set(job.id, { job: { ...job }, cancel: false });
    },
    write: async (job) => {
      const row = rows.get(job.id);
      if (!row || !open(row.job)) return 'gone';
      row.job = { ...job };
      return row.cancel ? 'cancel' : 'running';
    },
  };
  return {
    records,
    row: (id: string) => rows.get(id)?.job,
    cancelAsked: (id: string) => {
      rows.get(id)!.cancel = true;
    },
    endedElsewhere: (id: string) => {
      rows.get(id)!.job.status = 'failed';
    },
  };
}

const runnerOf = (limits: JobRunnerLimits, records = memoryRecords().records) =>
  new JobRunner(limits, { records, instance: 'test:1', now: () => 1_000 });

/** A job whose work the test finishes by hand: `finish(value)`, `fail(error)`; `progress(f)`. */
function manualJob(stored: string[], storeFails = false) {
  let finish: (value: string) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  let progress: (fraction: number) => void = () => {};
  let started = false;
  const spec: JobSpec<string> = {
    kind: 'backtest',
    inputs: LIVE_INPUTS,
    createdBy: 'user2',
    start: (onProgress) => {
      started = true;
      progress = onProgress;
      const result = new Promise<string>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
      return { result, cancel: async () => fail(new CodedError('BACKTEST_JOB_CANCELLED')) };
    },
    store: async (value) => {
      if (storeFails) throw new Error('disk full');
      stored.push(value);
      return stored.length;
    },
  };
  return {
    spec,
    finish: (value: string) => finish(value),
    fail: (error: unknown) => fail(error),
    progress: (fraction: number) => progress(fraction),
    started: () => started,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the lab job runner', () => {
  it('runs at most `concurrency` jobs, queues the rest in order and stores only finished ones', async () => {
    const stored: string[] = [];
    const changes: LabJob[] = [];
    const rows = memoryRecords();
    const runner = runnerOf({ concurrency: 2, maxQueued: 5, keepFinished: 10 }, rows.records);
    runner.onChange = (job) => changes.push(job);
    const jobs = [manualJob(stored), manualJob(stored), manualJob(stored)];
    const ids: string[] = [];
    for (const job of jobs) ids.push((await runner.submit(job.spec)).id);
    expect(jobs.map((job) => job.started())).toEqual([true, true, false]);
    expect(runner.get(ids[2]!).status).toBe('queued');

    jobs[0]!.progress(0.5);
    expect(runner.get(ids[0]!).progress).toBe(0.5);
    jobs[0]!.finish('first');
    await settle();
    expect(runner.get(ids[0]!)).toMatchObject({ status: 'done', resultId: 1, progress: 1 });
    // The row holds what memory holds once the job has ended.
    expect(rows.row(ids[0]!)).toEqual(runner.get(ids[0]!));
    expect(jobs[2]!.started()).toBe(true);

    jobs[1]!.fail(new CodedError('BACKTEST_NO_CANDLES'));
    await runner.cancel(ids[2]!);
    await settle();
    expect(runner.get(ids[1]!)).toMatchObject({ status: 'failed', resultId: null, error: { code: 5900 } });
    expect(runner.get(ids[2]!)).toMatchObject({ status: 'cancelled', error: { code: 5970 } });
    expect(stored).toEqual(['first']);
    await expect(runner.cancel(ids[0]!)).rejects.toMatchObject({ errorName: 'LAB_JOB_FINISHED' });
    // Newest first; every change announced, ending with each job's end.
    expect(runner.list().map((job) => job.id)).toEqual([...ids].reverse());
    expect(changes.filter((job) => job.id === ids[0]).map((job) => job.status)).toEqual([
      'queued',
      'running',
      'running',
      'done',
    ]);
  });

  it('cancels a queued job without starting it, and refuses past the queue limit', async () => {
    const runner = runnerOf({ concurrency: 1, maxQueued: 1, keepFinished: 10 });
    const running = manualJob([]);
    const queued = manualJob([]);
    await runner.submit(running.spec);
    const waiting = await runner.submit(queued.spec);
    await expect(runner.submit(manualJob([]).spec)).rejects.toMatchObject({ errorName: 'LAB_QUEUE_FULL' });
    expect((await runner.cancel(waiting.id)).status).toBe('cancelled');
    expect(queued.started()).toBe(false);
    expect(() => runner.get('00000000-0000-4000-8000-000000000000')).toThrow(
      expect.objectContaining({ errorName: 'LAB_JOB_NOT_FOUND' }),
    );
    await runner.stop();
    expect(runner.list().every((job) => job.status === 'cancelled')).toBe(true);
  });

  it('holds the queue limit when 30 jobs are submitted at once', async () => {
    // LAB_JOB_CONCURRENCY's default (1) and the lab's queue (20): 1 running + 20 waiting = 21.
    const limits = { concurrency: 1, ...LAB_QUEUE_LIMITS };
    const runner = runnerOf(limits);
    // Every submit starts before any row is written (as 30 requests at once do).
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, () => runner.submit(manualJob([]).spec)),
    );
    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(accepted).toHaveLength(1 + 20);
    expect(refused).toHaveLength(30 - 21);
    for (const error of refused) expect(error).toMatchObject({ errorName: 'LAB_QUEUE_FULL', code: 5977 });
    expect(
      runner
        .list()
        .map((job) => job.status)
        .sort(),
    ).toEqual([...Array<string>(20).fill('queued'), 'running']);
    // A place freed is a place taken again, one at a time.
    await runner.cancel(runner.list()[0]!.id);
    await runner.submit(manualJob([]).spec);
    await expect(runner.submit(manualJob([]).spec)).rejects.toMatchObject({ errorName: 'LAB_QUEUE_FULL' });
    await runner.stop();
  });

  it('fails a job whose result cannot be stored, and forgets the oldest finished jobs', async () => {
    const runner = runnerOf({ concurrency: 1, maxQueued: 5, keepFinished: 1 });
    const broken = manualJob([], true);
    const { id } = await runner.submit(broken.spec);
    broken.finish('lost');
    await settle();
    expect(runner.get(id)).toMatchObject({ status: 'failed', resultId: null, error: { code: 5971 } });
    const next = manualJob([]);
    const nextId = (await runner.submit(next.spec)).id;
    next.finish('kept');
    await settle();
    await runner.submit(manualJob([]).spec);
    expect(runner.list().map((job) => job.id)).not.toContain(id);
    expect(runner.get(nextId).status).toBe('done');
  });

  it('cancels a running job at its next progress write once its row is flagged or ended elsewhere', async () => {
    const rows = memoryRecords();
    let now = 1_000;
    const runner = new JobRunner(
      { concurrency: 2, maxQueued: 5, keepFinished: 10 },
      { records: rows.records, instance: 'test:1', now: () => now },
    );
    const flagged = manualJob([]);
    const ended = manualJob([]);
    const flaggedId = (await runner.submit(flagged.spec)).id;
    const endedId = (await runner.submit(ended.spec)).id;
    await settle();
    rows.cancelAsked(flaggedId);
    rows.endedElsewhere(endedId);
    // Within PROGRESS_WRITE_MS of the last write, progress is not written: nothing is noticed.
    now += PROGRESS_WRITE_MS - 1;
    flagged.progress(0.2);
    ended.progress(0.2);
    await settle();
    expect(runner.openIds()).toEqual([flaggedId, endedId]);
    now += 1;
    flagged.progress(0.4);
    ended.progress(0.4);
    await settle();
    await settle();
    expect(runner.get(flaggedId)).toMatchObject({ status: 'cancelled', error: { code: 5970 } });
    expect(rows.row(flaggedId)).toMatchObject({ status: 'cancelled', progress: 0.4 });
    expect(runner.get(endedId).status).toBe('cancelled');
    // The row another instance ended stays as it wrote it.
    expect(rows.row(endedId)).toMatchObject({ status: 'failed' });
    expect(runner.openIds()).toEqual([]);
  });
});
