import { randomUUID } from 'node:crypto';
import { CodedError, isCodedError, type LabJob } from '@balancer/core';

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
  /** Jobs waiting at most; one more is LAB_QUEUE_FULL. */
  maxQueued: number;
  /** Finished jobs remembered (newest), for GET /lab/jobs. */
  keepFinished: number;
}

interface Entry {
  job: LabJob;
  spec: JobSpec<unknown>;
  work: JobWork<unknown> | null;
  /** The work has ended (its result is being stored, or the job is over). */
  settled: boolean;
}

const FINISHED = new Set<LabJob['status']>(['done', 'failed', 'cancelled']);

/** The errors a cancelled job's work ends with (a backtest's thread, a sweep's pool, a download). */
const CANCELLED = new Set(['BACKTEST_JOB_CANCELLED', 'SWEEP_CANCELLED', 'MARKET_DATA_DOWNLOAD_CANCELLED']);

/** Progress changes smaller than this are not announced (the worker reports every ~2 %). */
const PROGRESS_STEP = 0.01;

/**
 * The lab's jobs: a FIFO queue, at most `concurrency` running, each job's status and progress in
 * memory (a restart forgets the queue and the running jobs; their results were never stored).
 * Every change is given to `onChange` (the stream's `lab-job` event).
 */
export class JobRunner {
  onChange: (job: LabJob) => void = () => {};
  private readonly entries = new Map<string, Entry>();
  private readonly queue: Entry[] = [];
  private running = 0;
  private stopped = false;

  constructor(
    private readonly limits: JobRunnerLimits,
    private readonly now: () => number,
  ) {}

  /** Queues a job (it starts at once when a slot is free); LAB_QUEUE_FULL when too many wait. */
  submit<R>(spec: JobSpec<R>): LabJob {
    if (this.stopped) throw new CodedError('SERVICE_NOT_READY', 'the server is stopping');
    if (this.queue.length >= this.limits.maxQueued) throw new CodedError('LAB_QUEUE_FULL');
    const job: LabJob = {
      id: randomUUID(),
      kind: spec.kind,
      status: 'queued',
      progress: 0,
      createdAt: this.now(),
      startedAt: null,
      finishedAt: null,
      createdBy: spec.createdBy,
      inputs: spec.inputs,
      resultId: null,
      error: null,
    };
    const entry: Entry = { job, spec: spec as JobSpec<unknown>, work: null, settled: false };
    this.entries.set(job.id, entry);
    this.queue.push(entry);
    this.changed(entry);
    this.forgetOld();
    this.pump();
    return { ...job };
  }

  /** Every remembered job, newest first. */
  list(): LabJob[] {
    return [...this.entries.values()].reverse().map((entry) => ({ ...entry.job }));
  }

  get(id: string): LabJob {
    return { ...this.entry(id).job };
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
      this.finish(entry, 'cancelled', new CodedError('BACKTEST_JOB_CANCELLED'));
    } else {
      // run() sees the rejection and finishes the job as cancelled.
      await entry.work?.cancel();
      await entry.work?.result.catch(() => {});
    }
    return { ...entry.job };
  }

  /** Refuses new jobs and cancels every queued and running one (the platform stops). */
  async stop(): Promise<void> {
    this.stopped = true;
    const open = [...this.entries.values()].filter((entry) => !FINISHED.has(entry.job.status));
    await Promise.all(open.map((entry) => this.cancel(entry.job.id).catch(() => {})));
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
    this.changed(entry);
    let result: unknown;
    try {
      const work = entry.spec.start((fraction) => {
        if (entry.settled || fraction - job.progress < PROGRESS_STEP) return;
        job.progress = Math.min(1, fraction);
        this.changed(entry);
      });
      entry.work = work;
      result = await work.result;
    } catch (error) {
      const coded = isCodedError(error) ? error : new CodedError('BACKTEST_JOB_FAILED', String(error));
      this.finish(entry, CANCELLED.has(coded.errorName) ? 'cancelled' : 'failed', coded);
      return;
    }
    entry.settled = true;
    try {
      job.resultId = await entry.spec.store(result, { ...job });
      job.progress = 1;
      this.finish(entry, 'done', null);
    } catch (error) {
      const coded = isCodedError(error)
        ? error
        : new CodedError('BACKTEST_JOB_FAILED', 'the result could not be stored');
      this.finish(entry, 'failed', coded);
    }
  }

  private finish(entry: Entry, status: LabJob['status'], error: CodedError | null): void {
    entry.settled = true;
    entry.work = null;
    entry.job.status = status;
    entry.job.finishedAt = this.now();
    entry.job.error = error ? { code: error.code, message: error.codedMessage } : null;
    this.changed(entry);
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
