import { nicknameSchema, parseWith, type UnreadCounts } from '@balancer/core';
import { adapterKind } from '../cluster/adapter-kind.js';
import { instanceName } from '../cluster/instance.js';
import { ClusterInstances } from '../cluster/instances/cluster-instances.js';
import { secretsCheck } from '../cluster/instances/secrets-check.js';
import type { Config } from '../config/schema.js';
import { accountGuessedNotifier } from '../features/accounts/guessing-notice.js';
import { accountRoutes } from '../features/accounts/routes.js';
import { AccountsService } from '../features/accounts/service.js';
import { apiErrorRoutes } from '../features/api-errors/routes.js';
import { ApiErrorLog } from '../features/api-errors/service.js';
import { BackupControlSocket } from '../features/backups/control-socket.js';
import { dataJoinRoutes } from '../features/engine/data-join-routes.js';
import { EngineCommands } from '../features/engine/engine-commands.js';
import { EngineHolder } from '../features/engine/engine-holder.js';
import { exchangeVenue } from '../features/engine/exchange-view.js';
import { configuredKeyPermissions } from '../features/engine/key-permissions.js';
import { engineRoutes } from '../features/engine/routes.js';
import { healthRoutes } from '../features/health/routes.js';
import { shareBlacklist } from '../features/ip-blacklist/cluster.js';
import { ipBlacklistRoutes } from '../features/ip-blacklist/routes.js';
import { IpBlacklist } from '../features/ip-blacklist/service.js';
import { labFeature } from '../features/lab/index.js';
import type { LabService } from '../features/lab/service.js';
import { marketStateConfigRoutes } from '../features/market-state-config/routes.js';
import { wallDeliveryClock } from '../features/notifications/delivery-clock.js';
import { notificationFeature } from '../features/notifications/feature.js';
import type { NotificationsService } from '../features/notifications/service.js';
import { openApiRoutes } from '../features/openapi/routes.js';
import { createPlatformUpdate } from '../features/platform-update/index.js';
import { positionRoutes } from '../features/positions/routes.js';
import { recordsRoutes } from '../features/records/routes.js';
import { serverMonitorFeature } from '../features/server-monitor/index.js';
import { storageFeature } from '../features/storage/index.js';
import type { AccessControl } from '../http/access-control.js';
import { bearerToken } from '../http/guards.js';
import { RateLimitSync } from '../http/rate-limit-sync.js';
import type { RouteSpec } from '../http/route-spec.js';
import type { Logger } from '../logging/logger.js';
import type { BackgroundTask } from '../shared/background-task.js';
import { type Clock, SYSTEM_CLOCK } from '../shared/clock.js';
import { type ClusterBus, LocalBus } from '../shared/cluster-bus.js';
import type { CertificateSource } from '../tls/certificate-source.js';
import { tlsRoutes } from '../tls/routes.js';
import { ExchangeCredentials } from '../trading/exchange-credentials.js';
import { createTradingServices, type TradingServices } from '../trading/index.js';
import type { Platform } from './platform.js';
import { RETENTION_RULES } from './retention-rules.js';
import { unreadCounter, unreadCountersOf } from './unread-counts.js';

/** Every service of the running platform, built before the database is open (they reach it lazily). */
export interface Services {
  /** The process's one clock (wall and market time) every service reads. */
  clock: Clock;
  /** Messages to the other instances on this database (docs/cluster.md; a LocalBus on its own). */
  bus: ClusterBus;
  accounts: AccountsService;
  blacklist: IpBlacklist;
  apiErrors: ApiErrorLog;
  access: AccessControl;
  notifications: NotificationsService;
  trading: TradingServices;
  /** Backtest jobs and their stored results (its `runner.onChange` feeds the stream). */
  lab: LabService;
  /** The trading engine, once started (platform/start.ts). */
  engine: EngineHolder;
  /** Manual orders run by the instance that trades, whichever instance took the request. */
  engineCommands: EngineCommands;
  /** A user's unread notification and API error counts (essentials, stream). */
  unreadCounts: (userId: string) => Promise<UnreadCounts>;
  /** The same for several users in two queries, by user id (the stream, each tick). */
  unreadCountsOf: (userIds: readonly string[]) => Promise<Map<string, UnreadCounts>>;
  /** The rate limits' counts shared with the other instances (buildApp registers the routes' counters). */
  rateLimits: RateLimitSync;
  /** Background work, in start order (start.ts starts them after the engine). */
  background: BackgroundTask[];
  /** The authorization table: every API route. */
  routes: RouteSpec[];
  /** Runs once the database is migrated: caches, the root account. */
  onReady(): Promise<void>;
}

/**
 * The composition root: builds every feature on `clock` (platform/start.ts creates it; tests
 * building the app alone get the system's) and wires them to each other through ports.
 */
export function composeServices(
  platform: Platform,
  config: Config,
  logger: Logger,
  clock: Clock = SYSTEM_CLOCK,
  /** The HTTPS certificate's source (started), or null for plain HTTP. */
  tls: CertificateSource | null = null,
  /** Messages to the other instances (start.ts passes the bus it joins to the stream's adapter). */
  bus: ClusterBus = new LocalBus(instanceName(config)),
): Services {
  const wallNow = () => clock.wallNow();
  const accounts = new AccountsService(platform, config, logger, clock, bus);
  // Leases and shared counters name the process, not only the instance: two processes under one
  // INSTANCE_NAME stay apart, and a restarted one counts its predecessor's requests as another's.
  const member = `${bus.instance}/${process.pid}`;
  const rateLimits = new RateLimitSync(platform, member, wallNow);
  const blacklist = new IpBlacklist(platform);
  const blacklistSharing = shareBlacklist(blacklist, bus, logger);
  const apiErrors = new ApiErrorLog(platform, logger, wallNow);
  const access: AccessControl = {
    authenticate: (token) => accounts.authenticate(token),
    verifyOtp: (user, code, from) => accounts.verifyOtp(user, code, from),
    isBlacklisted: (ip) => blacklist.has(ip),
  };
  const engine = new EngineHolder();
  const cluster = new ClusterInstances(
    platform,
    instanceName(config),
    wallNow,
    () => engine.current?.leading ?? false,
    logger,
    secretsCheck(config),
  );
  const routes: RouteSpec[] = [
    ...healthRoutes(platform, config, tls, cluster),
    ...tlsRoutes(tls),
    ...accountRoutes(accounts),
    ...ipBlacklistRoutes(blacklist, wallNow),
    ...apiErrorRoutes(apiErrors),
  ];
  const trading = createTradingServices(platform, clock);
  // One NotificationsService for all: it knows the Telegram queue (features/notifications).
  const notificationParts = notificationFeature(platform, config, logger, {
    clock: wallDeliveryClock(wallNow),
    bus,
    instance: member,
    sessionOf: (request) => accounts.sessionIdOf(bearerToken(request)),
  });
  const { notifications } = notificationParts;
  accounts.onAccountGuessed = accountGuessedNotifier((notice, now) => notifications.add(notice, now), logger);
  routes.push(...notificationParts.notificationRoutes);
  const engineCommands = new EngineCommands(engine, trading.positions, bus, clock, logger);
  const unreadCounts = unreadCounter(notifications, apiErrors, wallNow);
  const unreadCountsOf = unreadCountersOf(notifications, apiErrors);
  const background: BackgroundTask[] = [
    cluster,
    engineCommands,
    rateLimits,
    notificationParts.delivery,
    new BackupControlSocket(
      platform,
      config,
      logger,
      {
        // `npm run cli -- unlock <nickname>` while the server holds the embedded database.
        unlock: async (request) => ({
          unlocked: await accounts.unlockByNickname(
            parseWith(nicknameSchema, request.nickname, 'USER_NOT_FOUND'),
          ),
        }),
        // `npm run cli -- doctor` in live mode: the keys stay in this process, only the answer leaves.
        'key-permissions': async () => ({
          ...(await configuredKeyPermissions(
            config,
            config.EXCHANGE_MODE === 'live'
              ? await new ExchangeCredentials(() => platform.database.db, config.ENCRYPTION_KEY).get(
                  config.EXCHANGE,
                )
              : null,
          )),
        }),
      },
      wallNow,
    ),
  ];
  const serverMonitor = serverMonitorFeature(platform, notifications, logger, wallNow);
  background.push(serverMonitor.task);
  const updates = createPlatformUpdate(platform, config, logger, notifications, wallNow);
  background.push(updates.checker, storageFeature(platform, logger, RETENTION_RULES, wallNow, member));
  background.push(accounts.rootPasswordReminder());
  if (adapterKind(config) !== 'none') background.push(blacklistSharing);
  const lab = labFeature(platform, config, trading.settings, wallNow, bus, logger, notifications);
  background.push(lab.task);
  routes.push(
    ...serverMonitor.routes,
    ...marketStateConfigRoutes(trading),
    ...positionRoutes(trading, () => clock.marketNow()),
    ...recordsRoutes(platform, trading.settings, {
      quoteAsset: config.QUOTE_ASSET,
      exchange: config.EXCHANGE_MODE === 'simulator' ? 'simulator' : config.EXCHANGE,
      replay: config.EXCHANGE_MODE === 'simulator',
      marketNow: () => clock.marketNow(),
    }),
    ...engineRoutes(engine, engineCommands),
    ...dataJoinRoutes(engine, unreadCounts, updates.essentials, wallNow, exchangeVenue(config)),
    ...updates.routes,
    ...lab.routes,
  );
  // The OpenAPI document describes the whole table, itself included.
  routes.push(...openApiRoutes(() => routes));
  return {
    clock,
    bus,
    accounts,
    blacklist,
    apiErrors,
    access,
    notifications,
    trading,
    lab: lab.lab,
    engine,
    engineCommands,
    unreadCounts,
    unreadCountsOf,
    rateLimits,
    background,
    routes,
    onReady: async () => {
      await blacklist.load();
      await accounts.ensureRoot();
    },
  };
}
