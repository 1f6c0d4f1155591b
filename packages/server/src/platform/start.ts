import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { ClusterLink } from '../cluster/adapter.js';
import { instanceName } from '../cluster/instance.js';
import { assertSameSecrets, secretsCheck } from '../cluster/instances/secrets-check.js';
import { joinCluster } from '../cluster/join.js';
import { SocketBus } from '../cluster/socket-bus.js';
import { type LoadedConfig, loadConfig } from '../config/load.js';
import { OPTIONAL_SECRET_KEYS, SECRET_KEYS } from '../config/schema.js';
import { migrateToLatest } from '../db/migrate.js';
import { preloadExchangeData } from '../features/engine/exchange-options.js';
import { type EngineRuntime, startEngine } from '../features/engine/start-engine.js';
import { streamTicks } from '../features/engine/stream.js';
import { clusterStreamSource } from '../features/engine/stream-source.js';
import { labJobEmitter } from '../features/lab/stream.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { SecretMasker, urlPassword } from '../logging/masker.js';
import { DEFAULT_WEB_ROOT } from '../paths.js';
import { attachRealtime } from '../realtime/socket.js';
import type { BackgroundTask } from '../shared/background-task.js';
import { PlatformClock } from '../shared/clock.js';
import { platformUrl } from '../shared/platform-url.js';
import type { CertificateSource, ChallengeResponder } from '../tls/certificate-source.js';
import { challengeResponderOf, createCertificateSource } from '../tls/create-source.js';
import { closeRedirect } from '../tls/redirect-server.js';
import { openPlainHttp, serveTls, type TlsServing } from '../tls/serve-tls.js';
import { composeServices, type Services } from './compose.js';
import { describeConfig } from './describe-config.js';
import { EarlyDatabase } from './early-database.js';
import { ensureInstallation } from './installation.js';
import { Platform } from './platform.js';
import { closeHttp, STOP_BUDGET, type StopBudget, StopSteps } from './stop.js';

export interface Running {
  app: FastifyInstance;
  platform: Platform;
  logger: Logger;
  services: Services;
  /** Where the platform answers: `https://…` with TLS on. */
  url: string;
  /** The HTTPS certificate's source with TLS on (its facts: describe()), else null. */
  tls: CertificateSource | null;
  /** The plain-HTTP port that redirects to HTTPS (HTTP_PORT with TLS on), else null. */
  httpPort: number | null;
  /**
   * Stops within the stop budget (stop.ts): new requests get 6002, the engine's order in flight is
   * settled or left for start-up reconciliation, requests in flight finish or are cut, the
   * database closes.
   */
  stop(): Promise<void>;
  /** The stop steps still running (for main.ts's deadline): none before stop() or after it ended. */
  stopPending(): string[];
}

export interface StartOptions {
  loaded?: LoadedConfig;
  webRoot?: string | null;
  sink?: { write(line: string): unknown };
  /** Default STOP_BUDGET; tests shorten it. */
  stopBudget?: StopBudget;
  /**
   * The HTTPS certificate's source, not started (start.ts starts it). Default: the one config.TLS
   * names (tls/create-source.ts).
   */
  certificateSource?: CertificateSource;
  /** Answers ACME HTTP-01 challenges on HTTP_PORT; default the ACME source's own. */
  challengeResponder?: ChallengeResponder;
  /** The database open main.ts began before loading this module; default: one begun here. */
  database?: EarlyDatabase;
}

/** WEB_ROOT: unset → the built app in the repo; empty → none (API only); else that folder. */
function webRootOf(setting: string | undefined): string | null {
  if (setting === undefined) return DEFAULT_WEB_ROOT;
  return setting === '' ? null : setting;
}

/** Stops background tasks newest first; one failing to stop does not keep the others running. */
async function stopTasks(started: BackgroundTask[], logger: Logger): Promise<void> {
  for (const task of [...started].reverse()) {
    await task
      .stop()
      .catch((error: unknown) =>
        logger.error({ err: error, task: task.name }, 'background task stop failed'),
      );
  }
  started.length = 0;
}

/**
 * Starts the platform: the database open first (it runs meanwhile), then listen (so early requests
 * get 6002), then await the database, migrate, start the engine and the background tasks.
 */
export async function startPlatform(options: StartOptions = {}): Promise<Running> {
  const loaded = options.loaded ?? loadConfig();
  const { config } = loaded;
  const database = options.database ?? new EarlyDatabase(config);
  try {
    return await startOn(loaded, database, options);
  } catch (error) {
    // Whatever failed, the data folder's lock must not outlive this start.
    await database.abandon();
    throw error;
  }
}

async function startOn(
  loaded: LoadedConfig,
  database: EarlyDatabase,
  options: StartOptions,
): Promise<Running> {
  const { config } = loaded;
  preloadExchangeData(config);
  const budget = options.stopBudget ?? STOP_BUDGET;
  const masker = new SecretMasker([
    ...SECRET_KEYS.map((key) => config[key]),
    ...OPTIONAL_SECRET_KEYS.map((key) => config[key]),
    urlPassword(config.DATABASE_URL),
    urlPassword(config.REDIS_URL),
    urlPassword(config.SMTP_URL),
  ]);
  const logger = createLogger({
    level: config.LOG_LEVEL,
    format: config.LOG_FORMAT,
    masker,
    sink: options.sink,
  });
  database.attach(logger);
  logger.info({ config: describeConfig(config) }, 'configuration loaded');
  if (loaded.generatedSecrets.length > 0) {
    logger.info(
      { generated: loaded.generatedSecrets, file: loaded.secretsFile },
      'generated platform secrets (file mode 0600); keep this file private and back it up',
    );
  }

  const platform = new Platform();
  // The process's one clock: every service reads it; the engine sets its market time.
  const clock = new PlatformClock();
  const tls =
    options.certificateSource ??
    (await createCertificateSource(config, {
      logger,
      now: () => clock.wallNow(),
      // Called only after start-up has composed the services (renewals run in the background).
      notifications: { add: (notice, now) => services.notifications.add(notice, now) },
      onRejected: (error) => {
        logger.error({ err: error }, 'TLS certificate change refused: the previous certificate stays served');
        services.notifications
          .add(
            { sender: 'server', title: 'TLS certificate change refused', description: error.message },
            clock.wallNow(),
          )
          .catch((failure: unknown) =>
            logger.error({ err: failure }, 'could not store the TLS notification'),
          );
      },
    }));
  // HTTP_PORT opens first: an ACME source's first order is validated there.
  const plain = tls
    ? await openPlainHttp(config, options.challengeResponder ?? challengeResponderOf(tls))
    : null;
  try {
    await tls?.start();
  } catch (error) {
    if (plain) await closeRedirect(plain.server);
    throw error;
  }
  if (tls) {
    const { fingerprint256, names, notAfter } = tls.describe();
    logger.info(
      { mode: tls.mode, fingerprint256, names, notAfter: new Date(notAfter).toISOString() },
      'serving HTTPS',
    );
  }
  const bus = new SocketBus(instanceName(config), logger);
  const services = composeServices(platform, config, logger, clock, tls, bus);
  const app = await buildApp({
    config,
    logger,
    platform,
    webRoot: options.webRoot === undefined ? webRootOf(config.WEB_ROOT) : options.webRoot,
    routes: services.routes,
    access: services.access,
    errorRecorder: services.apiErrors,
    https: tls?.current() ?? null,
    wallNow: clock.wallNow,
    rateLimits: services.rateLimits,
  });
  const realtime = attachRealtime(app, services, logger, config);
  services.lab.runner.onChange = labJobEmitter(realtime.io);
  // Set by listen(), which may run later (LISTEN_BEFORE_READY=false).
  let serving = null as TlsServing | null;
  let port = config.PORT;
  const listen = async () => {
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : config.PORT;
    if (tls) serving = serveTls(app, tls, plain, port, logger);
  };
  if (config.LISTEN_BEFORE_READY) {
    try {
      await listen();
    } catch (error) {
      await realtime.close();
      await app.close();
      if (plain) await closeRedirect(plain.server);
      await tls?.stop();
      throw error;
    }
  }

  let engine: EngineRuntime | undefined;
  let cluster: ClusterLink | undefined;
  const started: BackgroundTask[] = [];
  try {
    const handle = await database.opening;
    const applied = await migrateToLatest(handle.db);
    const installation = await ensureInstallation(handle.db, new Date(clock.wallNow()));
    logger.info(
      {
        database: handle.kind,
        location: handle.location,
        migrationsApplied: applied,
        installation: installation.id,
      },
      'database ready',
    );
    // The stream's adapter, once the attachments' table exists and before a socket can be
    // admitted (the handshake reads the database) and join rooms of the adapter it replaces.
    cluster = await joinCluster(realtime.io, bus, config, logger);
    if (handle.kind === 'postgresql')
      await assertSameSecrets(handle.db, instanceName(config), secretsCheck(config), clock.wallNow());
    platform.beginStartUp();
    platform.markReady(handle);
    await services.onReady();
    engine = await startEngine({
      config,
      platform,
      handle,
      logger,
      holder: services.engine,
      notifications: services.notifications,
      clock,
      // Every instance feeds its own sockets; the leader's ticks reach the others' (docs/cluster.md).
      onTick: clusterStreamSource({
        bus: services.bus,
        feed: streamTicks(realtime.io, services.unreadCountsOf, logger),
        wallNow: clock.wallNow,
        logger,
      }).onTick,
      stopGraceMs: budget.engineGraceMs,
    });
    for (const task of services.background) {
      await task.start();
      started.push(task);
    }
    // LISTEN_BEFORE_READY=false: the port opens only now, when an order sent to this instance is
    // placed or forwarded at once (a load balancer's next instance answered meanwhile).
    if (!config.LISTEN_BEFORE_READY) await listen();
    platform.startUpDone();
  } catch (error) {
    await stopTasks(started, logger);
    await engine?.stop().catch(() => {});
    await realtime.close();
    await cluster?.close();
    await app.close();
    await serving?.stop();
    // Not listening yet (LISTEN_BEFORE_READY=false): the redirect port was opened all the same.
    if (!serving && plain) await closeRedirect(plain.server);
    // startPlatform closes the database (its lock with it) once this throws.
    platform.markStopping();
    throw error;
  }

  // Certificate files name the host they serve (a self-signed one: localhost works on the box).
  const certificateName =
    tls?.mode === 'files'
      ? tls
          .describe()
          .names.find((name) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(name) && !/^[\d.]+$/.test(name))
      : undefined;
  const url = platformUrl(config, port, certificateName);
  let stopping: Promise<void> | undefined;
  let steps: StopSteps | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const current = new StopSteps(budget.totalMs, logger);
      steps = current;
      // Behind a load balancer (LISTEN_BEFORE_READY=false) new connections are refused from here
      // on, so the proxy sends them to another instance; idle kept-alive ones close now, and a
      // request that still reaches this one gets its answer with `Connection: close` (fastify's
      // close below waits for it). Otherwise new API requests get 6002
      // from here on; the ones in flight (a manual order) go on.
      if (config.LISTEN_BEFORE_READY) platform.drain();
      else {
        app.server.close();
        platform.handOff();
        app.server.closeIdleConnections();
      }
      await Promise.all([
        current.within('background tasks', () => stopTasks(started, logger)),
        // Bounded by its own grace: an order the exchange leaves unanswered stays PROCESSING.
        current.within('engine', async () => engine?.stop()),
      ]);
      await current.run('realtime sockets', () => realtime.close());
      // Bounded: a pool or Redis client that does not close in time is left to the exit.
      await current.within('stream adapter', async () => cluster?.close());
      await closeHttp(app, current);
      if (serving) await current.run('TLS', () => (serving as TlsServing).stop());
      // The last API error rows (and the repeat counts of the errors still collapsing) are
      // written in the background: let them land while the database is still open to them (no
      // request is left to record another).
      await current.within('api error log', () => services.apiErrors.flush());
      const handle = platform.markStopping();
      await current.run('database', async () => handle?.close());
      current.finish();
    })();
    return stopping;
  };
  const stopPending = () => steps?.pending ?? [];
  return {
    app,
    platform,
    logger,
    services,
    url,
    tls,
    httpPort: serving?.httpPort ?? null,
    stop,
    stopPending,
  };
}
