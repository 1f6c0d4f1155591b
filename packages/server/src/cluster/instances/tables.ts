import type { ColumnType } from 'kysely';

/** Migration 0016: one row per instance on this database (cluster-instances.ts). Times epoch ms; BIGINT comes back as a string. */
export interface ClusterInstanceTable {
  name: string;
  started_at: ColumnType<string, number, number>;
  last_seen: ColumnType<string, number, number>;
  /** Since when this instance holds the engine lock, as it last reported; null while it does not. */
  leader_since: ColumnType<string | null, number | null, number | null>;
  /** Migration 0018: a check value of the instance's platform secrets (secrets-check.ts); '' when unknown. */
  secrets_check: ColumnType<string, string | undefined, string>;
}

export interface ClusterInstanceTables {
  cluster_instance: ClusterInstanceTable;
}
