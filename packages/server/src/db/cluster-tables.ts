import type { ColumnType } from 'kysely';

/** Epoch ms; pg returns bigint as text. */
type EpochMs = ColumnType<string, number, number>;

/** Migration 0015: a named lease (shared/cluster-lease.ts). */
export interface ClusterLeaseTable {
  name: string;
  /** The holding instance's name (ClusterBus.instance). */
  holder: string;
  /** The holder's wall time, epoch ms, after which another instance may take the lease. */
  expires_at: EpochMs;
}

/** Migration 0015: one instance's count of one route and address in its window (http/rate-limit-sync.ts). */
export interface RateLimitCountTable {
  route: string;
  ip: string;
  instance: string;
  /** When the instance's window began, epoch ms (platform clock). */
  since: EpochMs;
  count: number;
  /** The database's clock at the flush, epoch ms: readers pull what changed lately. */
  updated_at: EpochMs;
}

export interface SharedStateTables {
  cluster_lease: ClusterLeaseTable;
  rate_limit_count: RateLimitCountTable;
}
