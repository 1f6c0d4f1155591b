import type { CodedError, LabJob } from '@balancer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** The statuses of a job that is over: its row is no longer written by its instance. */
export const FINISHED_STATUSES: readonly LabJob['status'][] = ['done', 'failed', 'cancelled'];
const OPEN_STATUSES: readonly LabJob['status'][] = ['queued', 'running'];

/** A job as the table holds it: the wire job, who runs it, and whether someone asked it to stop. */
export interface StoredLabJob {
  job: LabJob;
  instance: string;
  cancelRequested: boolean;
}

const COLUMNS = [
  'id',
  'kind',
  'status',
  'progress',
  'created_by',
  'inputs',
  'instance',
  'cancel_requested',
  'created_at',
  'started_at',
  'finished_at',
  'error',
  'result_id',
] as const;

type Row = {
  id: string;
  kind: string;
  status: string;
  progress: number;
  created_by: string;
  inputs: unknown;
  instance: string;
  cancel_requested: boolean;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: unknown;
  result_id: string | null;
};

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

function storedOf(row: Row): StoredLabJob {
  return {
    job: {
      id: row.id,
      kind: row.kind as LabJob['kind'],
      status: row.status as LabJob['status'],
      progress: Number(row.progress),
      createdAt: Number(row.created_at),
      startedAt: numberOrNull(row.started_at),
      finishedAt: numberOrNull(row.finished_at),
      createdBy: row.created_by,
      inputs: row.inputs as LabJob['inputs'],
      resultId: numberOrNull(row.result_id),
      error: (row.error ?? null) as LabJob['error'],
    },
    instance: row.instance,
    cancelRequested: row.cancel_requested,
  };
}

/** The wire form of a job's coded error. */
export const jobErrorOf = (error: CodedError): NonNullable<LabJob['error']> => ({
  code: error.code,
  message: error.codedMessage,
});

/**
 * The lab's jobs in the database (migration 0017): the instance that runs a job writes each of
 * its changes; every instance reads them. Writes never touch `cancel_requested` (any instance sets
 * it) and never reopen a finished row.
 */
export class LabJobStore {
  constructor(private readonly db: () => Kysely<Database>) {}

  /** Records a job just accepted by `instance`. */
  async insert(job: LabJob, instance: string, now: number): Promise<void> {
    await this.db()
      .insertInto('lab_job')
      .values({
        id: job.id,
        kind: job.kind,
        status: job.status,
        progress: job.progress,
        created_by: job.createdBy,
        inputs: JSON.stringify(job.inputs),
        instance,
        created_at: job.createdAt,
        started_at: job.startedAt,
        finished_at: job.finishedAt,
        updated_at: now,
        error: null,
        result_id: null,
      })
      .execute();
  }

  /**
   * Writes the job's state while its row is still open. Returns whether a cancellation was asked
   * for, or `gone` when the row is finished already (another instance judged this one gone) or
   * missing (the retention removed it).
   */
  async write(job: LabJob, now: number): Promise<'running' | 'cancel' | 'gone'> {
    const row = await this.db()
      .updateTable('lab_job')
      .set({
        status: job.status,
        progress: job.progress,
        started_at: job.startedAt,
        finished_at: job.finishedAt,
        updated_at: now,
        error: job.error === null ? null : JSON.stringify(job.error),
        result_id: job.resultId,
      })
      .where('id', '=', job.id)
      .where('status', 'in', OPEN_STATUSES)
      .returning('cancel_requested')
      .executeTakeFirst();
    if (!row) return 'gone';
    return row.cancel_requested ? 'cancel' : 'running';
  }

  async read(id: string): Promise<StoredLabJob | null> {
    const row = await this.db().selectFrom('lab_job').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? storedOf(row) : null;
  }

  /** Every queued and running job and the newest `finished` finished ones, newest first. */
  async list(finished: number): Promise<LabJob[]> {
    const newestFirst = (statuses: readonly LabJob['status'][]) =>
      this.db()
        .selectFrom('lab_job')
        .select([...COLUMNS, 'seq'])
        .where('status', 'in', statuses)
        .orderBy('seq', 'desc');
    const [open, over] = await Promise.all([
      newestFirst(OPEN_STATUSES).execute(),
      newestFirst(FINISHED_STATUSES).limit(finished).execute(),
    ]);
    return [...open, ...over].sort((a, b) => Number(b.seq) - Number(a.seq)).map((row) => storedOf(row).job);
  }

  /** Asks for an open job's cancellation; returns the instance that runs it, or null if it is over. */
  async requestCancel(id: string): Promise<string | null> {
    const row = await this.db()
      .updateTable('lab_job')
      .set({ cancel_requested: true })
      .where('id', '=', id)
      .where('status', 'in', OPEN_STATUSES)
      .returning('instance')
      .executeTakeFirst();
    return row?.instance ?? null;
  }

  /**
   * `instance`'s heartbeat: stamps its open jobs (but `skip`'s) with `now`; returns those whose
   * cancellation was asked for.
   */
  async heartbeat(instance: string, now: number): Promise<string[]> {
    const rows = await this.db()
      .updateTable('lab_job')
      .set({ updated_at: now })
      .where('instance', '=', instance)
      .where('status', 'in', OPEN_STATUSES)
      .returning(['id', 'cancel_requested'])
      .execute();
    return rows.filter((row) => row.cancel_requested).map((row) => row.id);
  }

  /**
   * Fails the open jobs that match: `instance`'s from a previous life (but the ids it runs now),
   * or any other instance's not written since `staleBefore`. Returns the jobs failed.
   */
  async failOpen(
    match: { instance: string; except: readonly string[] } | { otherThan: string; staleBefore: number },
    error: CodedError,
    now: number,
  ): Promise<LabJob[]> {
    let query = this.db()
      .updateTable('lab_job')
      .set({ status: 'failed', finished_at: now, updated_at: now, error: JSON.stringify(jobErrorOf(error)) })
      .where('status', 'in', OPEN_STATUSES);
    if ('instance' in match) {
      query = query.where('instance', '=', match.instance);
      if (match.except.length > 0) query = query.where('id', 'not in', match.except);
    } else {
      query = query
        .where('instance', '<>', match.otherThan)
        .where('updated_at', '<', String(match.staleBefore));
    }
    const rows = await query.returning(COLUMNS).execute();
    return rows.map((row) => storedOf(row).job);
  }
}
