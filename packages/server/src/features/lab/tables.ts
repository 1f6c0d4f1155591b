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

export interface LabTables {
  lab_result: LabResultTable;
}
