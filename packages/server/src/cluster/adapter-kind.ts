import type { Config } from '../config/schema.js';

/** What carries the stream and the cluster bus between instances (docs/cluster.md). */
export type ClusterAdapterKind = 'redis' | 'postgresql' | 'none';

/**
 * Redis when REDIS_URL is set; else PostgreSQL's LISTEN/NOTIFY when DATABASE_URL is (the database
 * every instance already shares); else none: the embedded database has one instance only.
 */
export function adapterKind(config: Pick<Config, 'REDIS_URL' | 'DATABASE_URL'>): ClusterAdapterKind {
  if (config.REDIS_URL) return 'redis';
  if (config.DATABASE_URL) return 'postgresql';
  return 'none';
}
