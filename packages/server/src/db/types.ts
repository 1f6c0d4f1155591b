import type { ColumnType } from 'kysely';
import type { ClusterInstanceTables } from '../cluster/instances/tables.js';
import type { ClusterTables } from '../cluster/tables.js';
import type { AccountTables } from '../features/accounts/tables.js';
import type { LabTables } from '../features/lab/tables.js';
import type { ServerMonitorTables } from '../features/server-monitor/tables.js';
import type { ExchangeTables } from '../trading/exchange-tables.js';
import type { TradingTables } from '../trading/tables.js';
import type { SharedStateTables } from './cluster-tables.js';
import type { OperationsTables } from './operations-tables.js';

/** Rows of the database as Kysely sees them. NUMERIC and BIGINT come back as strings. */
export interface PlatformMetaTable {
  key: string;
  value: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PlatformTables {
  platform_meta: PlatformMetaTable;
}

/** Each feature declares its own tables; this is their union. */
export interface Database
  extends PlatformTables,
    AccountTables,
    ClusterTables,
    OperationsTables,
    ExchangeTables,
    ServerMonitorTables,
    TradingTables,
    LabTables,
    SharedStateTables,
    ClusterInstanceTables {
  /** Telegram delivery of notifications (migration 0007), declared by the notifications feature. */
  notification_delivery: import('../features/notifications/delivery-tables.js').NotificationDeliveryTable;
  /** Web Push subscriptions per signed-in session (migration 0022). */
  push_subscription: import('../features/notifications/delivery-tables.js').PushSubscriptionTable;
}
