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

export interface ServerMonitorTables {
  server_alarms: ServerAlarmsTable;
}
