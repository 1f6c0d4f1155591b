import type { ColumnType, GeneratedAlways } from 'kysely';

/**
 * The lab's table (migration 0012). pg returns bigint as text; JSON columns are written as JSON
 * text and read back parsed.
 */
type Json = ColumnType<unknown, string, never>;

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
  report: Json;
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

export interface LabTables {
  lab_result: LabResultTable;
  lab_live_origin: LabLiveOriginTable;
}
