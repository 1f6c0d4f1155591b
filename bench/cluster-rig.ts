// The rig both cluster benchmarks run on (bench/cluster.ts, bench/cluster-takeover.ts): three
// built instances on a scratch PostgreSQL database (made in BENCH_DATABASE_URL's server, default
// the local one's `postgres` database, and dropped) behind nginx, the trader signed in through it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ApiSession,
  type ClusterRig,
  OtpClock,
  type SpawnedServer,
  setPassword,
  signInOverApi,
  startClusterRig,
} from '@balancer/server/testing';
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `balancer_bench_cluster_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface BenchCluster {
  rig: ClusterRig;
  /** The proxy as the spawned-api helpers address a server. */
  proxy: SpawnedServer;
  clock: OtpClock;
  session: ApiSession;
  databaseUrl: string;
}

/** Runs `work` on a fresh rig; everything is stopped and dropped afterwards, whatever happens. */
export async function withBenchCluster<T>(work: (cluster: BenchCluster) => Promise<T>): Promise<T> {
  const database = await scratchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-cluster-'));
  try {
    const rig = await startClusterRig({
      size: 3,
      proxy: 'nginx',
      database: { databaseUrl: database.url, dataDir },
    });
    try {
      const proxy = { ...(rig.instances[0]?.server as SpawnedServer), url: rig.proxy.url };
      const clock = new OtpClock(rig.setup.trader.otpSecret);
      await setPassword(proxy, 'trader', clock);
      const session = await signInOverApi(proxy, 'trader', clock);
      return await work({ rig, proxy, clock, session, databaseUrl: database.url });
    } finally {
      await rig.dispose();
    }
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
