/** Shapes of the Server screen's calls (docs/server-monitor.md, operations-api.md, notifications.md): core's contract. */
export type {
  ApiErrorRecord,
  DatabaseSummary,
  DeliveryStatus as TelegramDelivery,
  ServerAlarmsConfig as AlarmThresholds,
  ServerStatus as ServerSample,
} from '@balancer/core';

/** The monitor samples every 60 s; the screen asks as often. */
export { MONITOR_REFRESH_MS } from '../../lib/background-schedule';
