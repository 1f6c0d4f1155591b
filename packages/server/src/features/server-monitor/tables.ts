import type { ColumnType } from 'kysely';

/** Migration 0006: the alarm thresholds, one row with id 1 (alarms-repository.ts). */
export interface ServerAlarmsTable {
  id: number;
  cpu: number;
  memory: number;
  disk: number;
  /** Epoch ms; BIGINT comes back as a string. */
  updated_at: ColumnType<string, number, number>;
}

/** Migration 0010: the history, a row per minute sample, then per hour (history-repository.ts). */
export interface ServerSampleTable {
  /** 60,000 (a minute sample) or 3,600,000 (an hour's average, at the hour's start). */
  span_ms: number;
  /** Epoch ms; BIGINT comes back as a string. */
  sampled_at: ColumnType<string, number, number>;
  cpu: number;
  memory: number;
  disk: number | null;
}

export interface ServerMonitorTables {
  server_alarms: ServerAlarmsTable;
  server_sample: ServerSampleTable;
}
