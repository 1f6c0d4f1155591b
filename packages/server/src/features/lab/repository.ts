import type { LabReport, LabResult, LabResultSummary } from '@balancer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** A result to store: a finished job's report and what the list shows of it. */
export interface NewLabResult {
  jobId: string;
  kind: LabResultSummary['kind'];
  createdAt: number;
  createdBy: string;
  appVersion: string;
  dataSet: string;
  dataSha256: string;
  inputs: LabResultSummary['inputs'];
  outcomes: LabResultSummary['outcomes'];
  report: LabReport;
}

/** The newest results the list shows (the retention rule keeps as many). */
export const LAB_RESULT_LIST_LIMIT = 200;

const SUMMARY_COLUMNS = [
  'id',
  'job_id',
  'kind',
  'created_at',
  'created_by',
  'app_version',
  'data_set',
  'data_sha256',
  'inputs',
  'outcomes',
] as const;

type SummaryRow = {
  id: string;
  job_id: string;
  kind: string;
  created_at: string;
  created_by: string;
  app_version: string;
  data_set: string;
  data_sha256: string;
  inputs: unknown;
  outcomes: unknown;
};

function summaryOf(row: SummaryRow): LabResultSummary {
  return {
    id: Number(row.id),
    jobId: row.job_id,
    kind: row.kind as LabResultSummary['kind'],
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    appVersion: row.app_version,
    dataSet: row.data_set,
    dataSha256: row.data_sha256,
    inputs: row.inputs as LabResultSummary['inputs'],
    outcomes: row.outcomes as LabResultSummary['outcomes'],
  };
}

/** Stores a result in one insert; returns its id. */
export async function insertLabResult(db: Kysely<Database>, result: NewLabResult): Promise<number> {
  const row = await db
    .insertInto('lab_result')
    .values({
      job_id: result.jobId,
      kind: result.kind,
      created_at: result.createdAt,
      created_by: result.createdBy,
      app_version: result.appVersion,
      data_set: result.dataSet,
      data_sha256: result.dataSha256,
      inputs: JSON.stringify(result.inputs),
      outcomes: JSON.stringify(result.outcomes),
      report: JSON.stringify(result.report),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The newest results first, without their reports. */
export async function listLabResults(db: Kysely<Database>): Promise<LabResultSummary[]> {
  const rows = await db
    .selectFrom('lab_result')
    .select(SUMMARY_COLUMNS)
    .orderBy('id', 'desc')
    .limit(LAB_RESULT_LIST_LIMIT)
    .execute();
  return rows.map(summaryOf);
}

/** One result with its report, or null. */
export async function readLabResult(db: Kysely<Database>, id: number): Promise<LabResult | null> {
  const row = await db
    .selectFrom('lab_result')
    .select([...SUMMARY_COLUMNS, 'report'])
    .where('id', '=', String(id))
    .executeTakeFirst();
  return row ? { ...summaryOf(row), report: row.report } : null;
}

/** Deletes one result; false when there was none. */
export async function deleteLabResult(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('lab_result').where('id', '=', String(id)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
