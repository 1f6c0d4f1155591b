import type { LabReport } from '@balancer/core';
import type { ColumnType, GeneratedAlways } from 'kysely';

/**
 * The lab's table (migration 0012). pg returns bigint as text; JSON columns are written as JSON
 * text and read back parsed (as `T` when only this code writes them: read as it was written).
 */
type Json<T = unknown> = ColumnType<T, string, never>;

export interface LabResultTable {
  id: GeneratedAlways<string>;
  job_id: ColumnType<string, string, never>;
  kind: ColumnType<string, string, never>;
  /** Wall time the job finished, epoch ms. */
  created_at: ColumnType<string, number, never>;
  /** The nickname of who started the job. */
  created_by: ColumnType<string, string, never>;
  app_version: ColumnType<string, string, never>;
  data_set: ColumnType<string, string, never>;
  data_sha256: ColumnType<string, string, never>;
  inputs: Json;
  outcomes: Json;
  /** Written by insertLabResult only, from core's report type. */
  report: Json<LabReport>;
}

/** Migration 0013: each apply of a stored result to the live strategy (the newest is live). */
export interface LabLiveOriginTable {
  id: GeneratedAlways<string>;
  result_id: ColumnType<string, number, never>;
  kind: ColumnType<string, string, never>;
  /** A sweep row's rank; null for a backtest result. */
  row_rank: ColumnType<number | null, number | null, never>;
  applied_at: ColumnType<string, number, never>;
  applied_by: ColumnType<string, string, never>;
  data_set: ColumnType<string, string, never>;
  config: Json;
  figures: Json;
}

/** Migration 0017: every job, written by the instance that runs it (job-store.ts). */
export interface LabJobTable {
  id: ColumnType<string, string, never>;
  seq: GeneratedAlways<string>;
  kind: ColumnType<string, string, never>;
  status: string;
  progress: number;
  created_by: ColumnType<string, string, never>;
  inputs: Json;
  /** The instance that accepted and runs it (INSTANCE_NAME). */
  instance: ColumnType<string, string, never>;
  cancel_requested: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<string, number, never>;
  started_at: ColumnType<string | null, number | null, number | null>;
  finished_at: ColumnType<string | null, number | null, number | null>;
  /** The running instance's last write (its heartbeat), wall time epoch ms. */
  updated_at: ColumnType<string, number, number>;
  error: ColumnType<unknown, string | null, string | null>;
  result_id: ColumnType<string | null, number | null, number | null>;
}

export interface LabTables {
  lab_result: LabResultTable;
  lab_live_origin: LabLiveOriginTable;
  lab_job: LabJobTable;
}
