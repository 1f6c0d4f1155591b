import { sql } from 'kysely';
import type { RetentionRule } from '../../db/retention.js';
import { LAB_JOB_LIST_FINISHED } from './jobs.js';
import { LAB_LIVE_ORIGIN_KEPT } from './live-origin.js';
import { LAB_RESULT_LIST_LIMIT } from './repository.js';

/**
 * Stored backtest and sweep results: the newest 200 (each row holds a whole report or every
 * ranked row, up to a few MB for a long data set), so the table stays bounded however many jobs run. Counted by id, not by age:
 * an operator's old results stay until newer ones push them out.
 */
export const labResultRetention: RetentionRule = {
  table: 'lab_result',
  keeps: `the newest ${LAB_RESULT_LIST_LIMIT} backtest and sweep results`,
  async apply(db) {
    const result = await sql`
      delete from lab_result where id not in (
        select id from lab_result order by id desc limit ${LAB_RESULT_LIST_LIMIT})`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },
};

/**
 * Applies of a stored result to the live strategy: the newest 50 (the newest is the live origin).
 * Each holds a snapshot of what was applied and its figures, so no result is held back for it.
 */
export const labLiveOriginRetention: RetentionRule = {
  table: 'lab_live_origin',
  keeps: `the newest ${LAB_LIVE_ORIGIN_KEPT} applies of a stored result to the live strategy`,
  async apply(db) {
    const result = await sql`
      delete from lab_live_origin where id not in (
        select id from lab_live_origin order by id desc limit ${LAB_LIVE_ORIGIN_KEPT})`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },
};

/** Finished jobs kept: the newest 500 (GET /lab/jobs lists the newest LAB_JOB_LIST_FINISHED). */
export const LAB_JOB_FINISHED_KEPT = 5 * LAB_JOB_LIST_FINISHED;

/**
 * Lab jobs: every queued and running one, and the newest 500 finished ones (a row is small: the
 * inputs, the status and the error; the results are in lab_result). Counted, not aged, as the
 * results are.
 */
export const labJobRetention: RetentionRule = {
  table: 'lab_job',
  keeps: `every queued and running lab job and the newest ${LAB_JOB_FINISHED_KEPT} finished ones`,
  async apply(db) {
    const result = await sql`
      delete from lab_job where status in ('done', 'failed', 'cancelled') and seq not in (
        select seq from lab_job where status in ('done', 'failed', 'cancelled')
        order by seq desc limit ${LAB_JOB_FINISHED_KEPT})`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },
};
