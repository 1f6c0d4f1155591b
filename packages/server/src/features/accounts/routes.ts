import type { RouteSpec } from '../../http/route-spec.js';
import { authRoutes } from './auth-routes.js';
import type { AccountsService } from './service.js';
import { userRoutes } from './user-routes.js';

/** Every route of the accounts feature, for the authorization table. */
export function accountRoutes(accounts: AccountsService): RouteSpec[] {
  return [...authRoutes(accounts), ...userRoutes(accounts)];
}
