import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type InFlightSetup, prepareOrderInFlight } from '../crash-safety/in-flight-setup.js';
import { freePort, type SpawnedServer, spawnServer } from '../spawn-server.js';
import { type ProxyKind, type RunningProxy, startProxy } from './proxy.js';

/** One instance of the rig: its own port and data folder (the platform secrets copied in). */
export interface RigInstance {
  readonly name: string;
  readonly port: number;
  readonly dataDir: string;
  readonly url: string;
  /** The running process, or null while it is down. */
  server: SpawnedServer | null;
}

export interface ClusterRig {
  /** The local Binance server every instance trades on, the trader and the shared environment. */
  readonly setup: InFlightSetup;
  readonly instances: readonly RigInstance[];
  readonly proxy: RunningProxy;
  /** Starts instance `index` (it must be down) and waits until it listens. */
  start(index: number): Promise<void>;
  /** kill -9: the process ends at once, mid-order or not; nothing of its stop runs. */
  kill(index: number): Promise<void>;
  /** SIGTERM, as a supervisor's restart does; resolves with the exit code. */
  stop(index: number): Promise<number | string>;
  dispose(): Promise<void>;
}

export interface RigOptions {
  size: number;
  proxy: ProxyKind;
  /** The PostgreSQL database every instance shares (and the folder its secrets were written to). */
  database: { databaseUrl: string; dataDir: string };
  /** More environment for every instance. */
  env?: Record<string, string>;
}

/**
 * Several built servers (`bundle/main.js`, as `npm start` runs it) on one PostgreSQL database and
 * one local Binance server, live mode, behind nginx or Caddy configured by the very files
 * docs/cluster.md shows. Each instance has its own data folder with the same platform secrets (as
 * an operator copies secrets.json to every machine), LISTEN_BEFORE_READY=false and TRUST_PROXY for
 * the proxy's address, so the proxy passes a starting or stopping instance by.
 */
export async function startClusterRig(options: RigOptions): Promise<ClusterRig> {
  const setup = await prepareOrderInFlight(options.database);
  const instances: RigInstance[] = [];
  for (let index = 0; index < options.size; index += 1) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), `balancer-node-${index + 1}-`));
    copyFileSync(path.join(options.database.dataDir, 'secrets.json'), path.join(dataDir, 'secrets.json'));
    instances.push({
      name: `node-${index + 1}`,
      port,
      dataDir,
      url: `http://127.0.0.1:${port}`,
      server: null,
    });
  }
  const envOf = (instance: RigInstance): Record<string, string> => ({
    ...setup.env,
    ...options.env,
    PORT: String(instance.port),
    BALANCER_DATA_DIR: instance.dataDir,
    INSTANCE_NAME: instance.name,
    LISTEN_BEFORE_READY: 'false',
    TRUST_PROXY: '127.0.0.1',
  });
  const start = async (index: number) => {
    const instance = instances[index] as RigInstance;
    if (instance.server) throw new Error(`${instance.name} is already running`);
    instance.server = await spawnServer(envOf(instance), 60_000);
  };
  const down = (index: number): SpawnedServer => {
    const instance = instances[index] as RigInstance;
    const { server } = instance;
    if (!server) throw new Error(`${instance.name} is not running`);
    instance.server = null;
    return server;
  };
  let proxy: RunningProxy | null = null;
  try {
    await Promise.all(instances.map((_, index) => start(index)));
    proxy = await startProxy(
      options.proxy,
      await freePort(),
      instances.map((instance) => instance.port),
    );
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.server?.stop()));
    await setup.exchange.close();
    throw error;
  }
  const running = proxy;
  return {
    setup,
    instances,
    proxy: running,
    start,
    kill: async (index) => {
      const server = down(index);
      server.process.kill('SIGKILL');
      await server.exited;
    },
    stop: (index) => down(index).stop(),
    dispose: async () => {
      await running.stop();
      await Promise.all(
        instances.map(async (instance) => {
          await instance.server?.stop();
          instance.server = null;
          rmSync(instance.dataDir, { recursive: true, force: true });
        }),
      );
      await setup.exchange.close();
    },
  };
}
