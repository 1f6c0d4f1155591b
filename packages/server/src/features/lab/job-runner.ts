import { randomUUID } from 'node:crypto';
import { CodedError, isCodedError, type LabJob } from '@balancer/core';
import { FINISHED_STATUSES, jobErrorOf, type LabJobStore } from './job-store.js';

/** The running part of a job: its outcome, and how to stop it (a worker thread's terminate). */
export interface JobWork<R> {
  readonly result: Promise<R>;
  cancel(): Promise<void>;
}

/**
 * One kind of job (a backtest, a sweep, a download): how it starts once a slot is free, and how
 * its result is stored. Only a finished job's result is stored; a cancelled or failed one leaves
 * nothing (a download keeps the pages it stored: a new one goes on from there).
 */
export interface JobSpec<R> {
  kind: LabJob['kind'];
  inputs: LabJob['inputs'];
  createdBy: string;
  start(onProgress: (fraction: number) => void): JobWork<R>;
  /** Stores the result of `job`; returns its id (null: the job stores no result, a download). */
  store(result: R, job: LabJob): Promise<number | null>;
}

export interface JobRunnerLimits {
  /** Jobs running at once (LAB_JOB_CONCURRENCY). */
  concurrency: number;
  /**
   * Jobs waiting at most; one more is LAB_QUEUE_FULL. With the running ones: at most
   * concurrency + maxQueued open jobs, however many submits arrive at once.
   */
  maxQueued: number;
  /** Finished jobs remembered (newest), for GET /lab/jobs. */
  keepFinished: number;
}

/** Where the runner records its jobs (job-store.ts: the `lab_job` table every instance reads). */
export type JobRecords = Pick<LabJobStore, 'insert' | 'write'>;

export interface JobRunnerDeps {
  records: JobRecords;
  /** This instance's name (INSTANCE_NAME), written in its jobs' rows. */
  instance: string;
  /** Wall time, epoch ms. */
  now: () => number;
}

interface Entry {
  job: LabJob;
  spec: JobSpec<unknown>;
  work: JobWork<unknown> | null;
  /** The work has ended (its result is being stored, or the job is over). */
  settled: boolean;
  /** The writes of the job's row, one after the other. */
  writes: Promise<void>;
  /** Wall time of the last write (progress is written at most every PROGRESS_WRITE_MS). */
  writtenAt: number;
  /** The last write failed: the next heartbeat writes the row again. */
  unsaved: boolean;
  /** Resolves once the job has ended (its end written, in memory and announced). */
  ended: Promise<void>;
  markEnded: () => void;
}

const FINISHED = new Set<LabJob['status']>(FINISHED_STATUSES);

/** The errors a cancelled job's work ends with (a backtest's thread, a sweep's pool, a download). */
const CANCELLED = new Set(['BACKTEST_JOB_CANCELLED', 'SWEEP_CANCELLED', 'MARKET_DATA_DOWNLOAD_CANCELLED']);

/** Progress changes smaller than this are not announced (the worker reports every ~2 %). */
const PROGRESS_STEP = 0.01;

/** A running job's progress is written to its row at most this often (each status change at once). */
export const PROGRESS_WRITE_MS = 500;

/**
 * This instance's lab jobs: a FIFO queue, at most `concurrency` running. Each job lives in memory
 * while this instance runs it, and every change is written to its `lab_job` row (progress at most
 * every PROGRESS_WRITE_MS), which any instance reads (jobs.ts); a job ends in memory only once
 * its end is written. A write that finds the job's cancellation asked for (by another instance)
 * cancels it. Every change is given to `onChange` (the stream's `lab-job` event).
 */
export class JobRunner {
  onChange: (job: LabJob) => void = () => {};
  private readonly entries = new Map<string, Entry>();
  private readonly queue: Entry[] = [];
  private running = 0;
  /** Submits that passed the limit and are recording their row: their places are taken. */
  private reserved = 0;
  private stopped = false;

  private readonly now: () => number;

  constructor(
    private readonly limits: JobRunnerLimits,
    private readonly deps: JobRunnerDeps,
  ) {
    this.now = deps.now;
  }

  /** This instance's name, as its jobs' rows hold it. */
  get instance(): string {
    return this.deps.instance;
  }

  /**
   * Records a job and queues it (it starts at once when a slot is free); LAB_QUEUE_FULL when too
   * many wait. The limit is checked and the place taken before the row's write (the first await),
   * so submits arriving together cannot all pass it.
   */
  async submit<R>(spec: JobSpec<R>): Promise<LabJob> {
    if (this.stopped) throw new CodedError('SERVICE_NOT_READY', 'the server is stopping');
    const { concurrency, maxQueued } = this.limits;
    if (this.running + this.queue.length + this.reserved >= concurrency + maxQueued)
      throw new CodedError('LAB_QUEUE_FULL');
    const createdAt = this.now();
    const job: LabJob = {
      id: randomUUID(),
      kind: spec.kind,
      status: 'queued',
      progress: 0,
      createdAt,
      startedAt: null,
      finishedAt: null,
      createdBy: spec.createdBy,
      inputs: spec.inputs,
      resultId: null,
      error: null,
    };
    this.reserved++;
    try {
      await this.deps.records.insert(job, this.deps.instance, createdAt);
    } finally {
      // Given back before the job is queued (below, without an await): never counted twice.
      this.reserved--;
    }
    let markEnded = () => {};
    const ended = new Promise<void>((resolve) => {
      markEnded = resolve;
    });
    const entry: Entry = {
      job,
      spec: spec as JobSpec<unknown>,
      work: null,
      settled: false,
      writes: Promise.resolve(),
      writtenAt: createdAt,
      unsaved: false,
      ended,
      markEnded,
    };
    this.entries.set(job.id, entry);
    if (this.stopped) {
      // Stopping while the row was written: it ends cancelled at once, as the queue's others.
      await this.finish(entry, 'cancelled', new CodedError('BACKTEST_JOB_CANCELLED'));
      throw new CodedError('SERVICE_NOT_READY', 'the server is stopping');
    }
    this.queue.push(entry);
    this.changed(entry);
    this.forgetOld();
    this.pump();
    return { ...job };
  }

  /** Every job this instance remembers (it runs or ran), newest first. */
  list(): LabJob[] {
    return [...this.entries.values()].reverse().map((entry) => ({ ...entry.job }));
  }

  get(id: string): LabJob {
    return { ...this.entry(id).job };
  }

  /** Whether this instance runs (or ran) the job. */
  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** The ids of the jobs queued or running here. */
  openIds(): string[] {
    return [...this.entries.values()].filter((entry) => !entry.settled).map((entry) => entry.job.id);
  }

  /**
   * Writes again the rows whose last write failed (the heartbeat calls it), and waits for the
   * writes under way.
   */
  async flush(): Promise<void> {
    for (const entry of this.entries.values()) if (entry.unsaved) this.write(entry);
    await Promise.all([...this.entries.values()].map((entry) => entry.writes));
  }

  /** Cancels the job if it is queued or running here (a request seen by the heartbeat or the bus). */
  cancelIfRunning(id: string): void {
    const entry = this.entries.get(id);
    if (entry && !entry.settled && !FINISHED.has(entry.job.status)) void this.cancel(id).catch(() => {});
  }

  /**
   * Cancels a queued or running job (a running one's thread is terminated): it ends `cancelled`
   * and stores nothing. LAB_JOB_FINISHED once its work has ended.
   */
  async cancel(id: string): Promise<LabJob> {
    const entry = this.entry(id);
    if (entry.settled || FINISHED.has(entry.job.status)) throw new CodedError('LAB_JOB_FINISHED');
    const queued = this.queue.indexOf(entry);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      await this.finish(entry, 'cancelled', new CodedError('BACKTEST_JOB_CANCELLED'));
    } else {
      // run() sees the rejection and finishes the job as cancelled.
      await entry.work?.cancel();
    }
    await entry.ended;
    return { ...entry.job };
  }

  /** Refuses new jobs and cancels every queued and running one (the platform stops). */
  async stop(): Promise<void> {
    this.stopped = true;
    const open = [...this.entries.values()].filter((entry) => !FINISHED.has(entry.job.status));
    await Promise.all(open.map((entry) => this.cancel(entry.job.id).catch(() => {})));
    await this.flush();
  }

  private entry(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry) throw new CodedError('LAB_JOB_NOT_FOUND', id.slice(0, 40));
    return entry;
  }

  private pump(): void {
    while (this.running < this.limits.concurrency && this.queue.length > 0) {
      const entry = this.queue.shift()!;
      this.running++;
      void this.run(entry).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async run(entry: Entry): Promise<void> {
    const { job } = entry;
    job.status = 'running';
    job.startedAt = this.now();
    this.write(entry);
    this.changed(entry);
    let result: unknown;
    try {
      const work = entry.spec.start((fraction) => {
        if (entry.settled || fraction - job.progress < PROGRESS_STEP) return;
        job.progress = Math.min(1, fraction);
        if (this.now() - entry.writtenAt >= PROGRESS_WRITE_MS) this.write(entry);
        this.changed(entry);
      });
      entry.work = work;
      result = await work.result;
    } catch (error) {
      const coded = isCodedError(error) ? error : new CodedError('BACKTEST_JOB_FAILED', String(error));
      await this.finish(entry, CANCELLED.has(coded.errorName) ? 'cancelled' : 'failed', coded);
      return;
    }
    entry.settled = true;
    // A cancellation asked for on another instance while the work ran wins over its result.
    if (!(await this.stillWanted(entry))) {
      await this.finish(entry, 'cancelled', new CodedError('BACKTEST_JOB_CANCELLED'));
      return;
    }
    let resultId: number | null;
    try {
      resultId = await entry.spec.store(result, { ...job });
    } catch (error) {
      const coded = isCodedError(error)
        ? error
        : new CodedError('BACKTEST_JOB_FAILED', 'the result could not be stored');
      await this.finish(entry, 'failed', coded);
      return;
    }
    await this.finish(entry, 'done', null, resultId);
  }

  /** Ends the job: its row first, then in memory and on the stream (a reader sees the row's end). */
  private async finish(
    entry: Entry,
    status: LabJob['status'],
    error: CodedError | null,
    resultId: number | null = null,
  ): Promise<void> {
    entry.settled = true;
    entry.work = null;
    const ended: LabJob = {
      ...entry.job,
      status,
      progress: status === 'done' ? 1 : entry.job.progress,
      resultId,
      finishedAt: this.now(),
      error: error ? jobErrorOf(error) : null,
    };
    await this.write(entry, ended);
    entry.job = ended;
    this.changed(entry);
    entry.markEnded();
  }

  /** Writes the row before the result is stored: false when its cancellation was asked for. */
  private async stillWanted(entry: Entry): Promise<boolean> {
    await entry.writes;
    try {
      return (await this.deps.records.write({ ...entry.job }, this.now())) === 'running';
    } catch {
      // The database is unreachable: storing the result fails too, and says so.
      return true;
    }
  }

  /**
   * Writes the job's row (after the writes before it). A write that finds a cancellation asked
   * for, or the row already ended by another instance (judged gone), cancels the job here.
   */
  private write(entry: Entry, job: LabJob = entry.job): Promise<void> {
    const snapshot = { ...job };
    entry.writtenAt = this.now();
    entry.writes = entry.writes.then(async () => {
      try {
        const state = await this.deps.records.write(snapshot, this.now());
        entry.unsaved = false;
        if (state !== 'running') this.cancelIfRunning(snapshot.id);
      } catch {
        // The database is unreachable for now: the heartbeat writes the row again (flush).
        entry.unsaved = true;
      }
    });
    return entry.writes;
  }

  private changed(entry: Entry): void {
    this.onChange({ ...entry.job });
  }

  /** Drops the oldest finished jobs past keepFinished (results stay in the database). */
  private forgetOld(): void {
    const finished = [...this.entries.values()].filter((entry) => FINISHED.has(entry.job.status));
    for (const entry of finished.slice(0, Math.max(0, finished.length - this.limits.keepFinished))) {
      this.entries.delete(entry.job.id);
    }
  }
}
