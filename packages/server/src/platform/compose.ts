import type { Config } from '../config/schema.js';
import { accountRoutes } from '../features/accounts/routes.js';
import { AccountsService } from '../features/accounts/service.js';
import { apiErrorRoutes } from '../features/api-errors/routes.js';
import { ApiErrorLog } from '../features/api-errors/service.js';
import { healthRoutes } from '../features/health/routes.js';
import { ipBlacklistRoutes } from '../features/ip-blacklist/routes.js';
import { IpBlacklist } from '../features/ip-blacklist/service.js';
import { notificationRoutes } from '../features/notifications/routes.js';
import { openApiRoutes } from '../features/openapi/routes.js';
import type { AccessControl } from '../http/access-control.js';
import type { RouteSpec } from '../http/route-spec.js';
import type { Logger } from '../logging/logger.js';
import type { Platform } from './platform.js';

/** Every service of the running platform, built before the database is open (they reach it lazily). */
export interface Services {
  accounts: AccountsService;
  blacklist: IpBlacklist;
  apiErrors: ApiErrorLog;
  access: AccessControl;
  /** The authorization table: every API route. */
  routes: RouteSpec[];
  /** Runs once the database is migrated: caches, the root account. */
  onReady(): Promise<void>;
}

export function composeServices(platform: Platform, config: Config, logger: Logger): Services {
  const accounts = new AccountsService(platform, config, logger);
  const blacklist = new IpBlacklist(platform);
  const apiErrors = new ApiErrorLog(platform, logger);
  const access: AccessControl = {
    authenticate: (token) => accounts.authenticate(token),
    verifyOtp: (user, code) => accounts.verifyOtp(user, code),
    isBlacklisted: (ip) => blacklist.has(ip),
  };
  const routes: RouteSpec[] = [
    ...healthRoutes(platform),
    ...accountRoutes(accounts),
    ...ipBlacklistRoutes(blacklist),
    ...apiErrorRoutes(apiErrors),
    ...notificationRoutes(platform),
  ];
  // The OpenAPI document describes the whole table, itself included.
  routes.push(...openApiRoutes(() => routes));
  return {
    accounts,
    blacklist,
    apiErrors,
    access,
    routes,
    onReady: async () => {
      await blacklist.load();
      await accounts.ensureRoot();
    },
  };
}
