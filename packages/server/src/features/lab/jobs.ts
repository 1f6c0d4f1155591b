import { CodedError, type LabJob } from '@balancer/core';
import type { Logger } from '../../logging/logger.js';
import type { BackgroundTask } from '../../shared/background-task.js';
import type { BusPayload, ClusterBus } from '../../shared/cluster-bus.js';
import type { JobRunner } from './job-runner.js';
import { FINISHED_STATUSES, type LabJobStore } from './job-store.js';

/** The bus topic on which an instance asks the one running a job to cancel it (payload `{ id }`). */
export const LAB_CANCEL_TOPIC = 'lab.job.cancel';

/** The cluster's timings (docs/cluster.md, Lab jobs). */
export const LAB_JOB_TIMINGS = {
  /** How often an instance stamps its open jobs, reads their cancellation requests and sweeps. */
  heartbeatMs: 30_000,
  /** An open job of another instance not written for this long is failed (its instance is gone). */
  abandonedAfterMs: 120_000,
  /** How long a cancel on another instance waits for the running one to end the job. */
  cancelWaitMs: 10_000,
  /** How often that wait reads the job's row. */
  cancelPollMs: 100,
} as const;

export type LabJobTimings = { [K in keyof typeof LAB_JOB_TIMINGS]: number };

/** Finished jobs GET /lab/jobs lists (newest). */
export const LAB_JOB_LIST_FINISHED = 100;

const isFinished = (job: LabJob) => FINISHED_STATUSES.includes(job.status);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The lab's jobs as every instance on the database sees them (docs/cluster.md, Lab jobs): the list
 * and a job's status read from the `lab_job` table, whichever instance runs the job; a cancel
 * reaches the running instance through the bus and the row's `cancel_requested` flag (checked on
 * each write and each heartbeat, so a lost message still cancels). Its task fails this instance's
 * jobs from a previous life at start-up (LAB_JOB_INTERRUPTED) and, every heartbeat, the open jobs
 * of instances gone silent (LAB_JOB_ABANDONED).
 */
export class LabJobs {
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: () => void = () => {};
  private sweeping: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      store: LabJobStore;
      runner: JobRunner;
      bus: ClusterBus;
      now: () => number;
      logger: Logger;
      timings?: LabJobTimings;
    },
  ) {}

  private get timings(): LabJobTimings {
    return this.deps.timings ?? LAB_JOB_TIMINGS;
  }

  /** Queued and running jobs of every instance and the newest finished ones, newest first. */
  list(): Promise<LabJob[]> {
    return this.deps.store.list(LAB_JOB_LIST_FINISHED);
  }

  async get(id: string): Promise<LabJob> {
    const stored = await this.deps.store.read(id);
    if (!stored) throw new CodedError('LAB_JOB_NOT_FOUND', id.slice(0, 40));
    return stored.job;
  }

  /**
   * Cancels a queued or running job, whichever instance runs it: here at once; elsewhere by
   * flagging its row and telling its instance, then waiting (at most cancelWaitMs) for its end.
   * LAB_JOB_FINISHED once it has ended.
   */
  async cancel(id: string): Promise<LabJob> {
    const { runner, store, bus } = this.deps;
    if (runner.has(id)) return runner.cancel(id);
    const current = await this.get(id);
    if (isFinished(current)) throw new CodedError('LAB_JOB_FINISHED');
    const instance = await store.requestCancel(id);
    if (instance === null) throw new CodedError('LAB_JOB_FINISHED');
    bus.publish(LAB_CANCEL_TOPIC, { id });
    const { cancelWaitMs, cancelPollMs } = this.timings;
    for (let waited = 0; ; waited += cancelPollMs) {
      const job = await this.get(id);
      if (isFinished(job) || waited >= cancelWaitMs) return job;
      await pause(cancelPollMs);
    }
  }

  /**
   * Fails this instance's open jobs from a previous life (the same INSTANCE_NAME): their work
   * died with the process. Returns them.
   */
  async failInterrupted(): Promise<LabJob[]> {
    const { store, runner, now } = this.deps;
    const failed = await store.failOpen(
      { instance: runner.instance, except: runner.list().map((job) => job.id) },
      new CodedError('LAB_JOB_INTERRUPTED'),
      now(),
    );
    for (const job of failed) runner.onChange(job);
    return failed;
  }

  /**
   * One heartbeat: rewrites rows whose write failed, stamps this instance's open jobs (cancelling
   * those whose cancellation was asked for), and fails other instances' open jobs not written for
   * abandonedAfterMs. Returns the jobs it failed.
   */
  async heartbeat(): Promise<LabJob[]> {
    const { store, runner, now } = this.deps;
    await runner.flush();
    const stamped = now();
    for (const id of await store.heartbeat(runner.instance, stamped)) runner.cancelIfRunning(id);
    const failed = await store.failOpen(
      { otherThan: runner.instance, staleBefore: stamped - this.timings.abandonedAfterMs },
      new CodedError('LAB_JOB_ABANDONED'),
      stamped,
    );
    for (const job of failed) runner.onChange(job);
    return failed;
  }

  /** The background task: the bus subscription, the start-up check and the heartbeat. */
  task(): BackgroundTask {
    return {
      name: 'lab jobs',
      start: async () => {
        this.unsubscribe = this.deps.bus.subscribe(LAB_CANCEL_TOPIC, (payload) =>
          this.onCancelMessage(payload),
        );
        const interrupted = await this.failInterrupted();
        if (interrupted.length > 0)
          this.deps.logger.warn(
            { jobs: interrupted.map((job) => job.id) },
            'lab jobs interrupted by a restart failed',
          );
        this.timer = setInterval(() => {
          this.sweeping = this.heartbeat().then(
            (failed) => {
              if (failed.length > 0)
                this.deps.logger.warn(
                  { jobs: failed.map((job) => job.id) },
                  'lab jobs of a silent instance failed',
                );
            },
            (error: unknown) => this.deps.logger.warn({ err: error }, 'lab jobs heartbeat failed'),
          );
        }, this.timings.heartbeatMs);
        this.timer.unref();
      },
      stop: async () => {
        if (this.timer) clearInterval(this.timer);
        this.timer = null;
        this.unsubscribe();
        await this.sweeping;
        await this.deps.runner.stop();
      },
    };
  }

  private onCancelMessage(payload: BusPayload): void {
    if (payload && typeof payload === 'object' && !Array.isArray(payload) && typeof payload.id === 'string')
      this.deps.runner.cancelIfRunning(payload.id);
  }
}
