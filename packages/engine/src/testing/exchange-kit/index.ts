export { AccountRefusal, KitAccount, type OrderRequest, type RefusalReason } from './account.js';
export { createClock, type KitClock } from './clock.js';
export {
  btcMarket,
  createKitState,
  type KitState,
  type KitStateOptions,
  type StandInOptions,
  type StandInServer,
} from './exchange.js';
export { createFaultQueue, type FaultQueue } from './faults.js';
export {
  KitHttpError,
  type KitRequest,
  type KitResponse,
  type KitRoute,
  openRoute,
  type RunningStandIn,
  type StandInSpec,
  signedRoute,
  startStandIn,
} from './http.js';
export type * from './types.js';
