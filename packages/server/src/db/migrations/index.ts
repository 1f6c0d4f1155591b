import type { Migration } from 'kysely';
import * as m0001 from './0001_platform_meta.js';
import * as m0002 from './0002_accounts.js';
import * as m0003 from './0003_operations.js';
import * as m0004 from './0004_trading.js';
import * as m0005 from './0005_exchange_credentials.js';
import * as m0006 from './0006_server_alarms.js';
import * as m0007 from './0007_notification_delivery.js';
import * as m0008 from './0008_retention.js';
import * as m0009 from './0009_account_guard.js';
import * as m0010 from './0010_server_history.js';
import * as m0011 from './0011_equity_history.js';
import * as m0012 from './0012_lab.js';
import * as m0013 from './0013_lab_live_origin.js';
import * as m0014 from './0014_stream_attachments.js';
import * as m0015 from './0015_shared_state.js';
import * as m0016 from './0016_cluster_instances.js';
import * as m0017 from './0017_lab_job.js';
import * as m0018 from './0018_cluster_secrets_check.js';
import * as m0019 from './0019_trade_reasons.js';
import * as m0020 from './0020_exchange_passphrase.js';
import * as m0022 from './0022_notification_channels.js';

/**
 * Every migration, in order. Names sort lexically; never edit one that has shipped, add a new
 * one. There is no 0021: the number was set aside for work that landed as 0022, and renaming a
 * migration breaks every database that ran it under its old name (the upgrade test caught it). The SQL must run on PostgreSQL 15 (CI, operators) and on PGlite (PostgreSQL 18).
 */
export const migrations: Record<string, Migration> = {
  '0001_platform_meta': m0001,
  '0002_accounts': m0002,
  '0003_operations': m0003,
  '0004_trading': m0004,
  '0005_exchange_credentials': m0005,
  '0006_server_alarms': m0006,
  '0007_notification_delivery': m0007,
  '0008_retention': m0008,
  '0009_account_guard': m0009,
  '0010_server_history': m0010,
  '0011_equity_history': m0011,
  '0012_lab': m0012,
  '0013_lab_live_origin': m0013,
  '0014_stream_attachments': m0014,
  '0015_shared_state': m0015,
  '0016_cluster_instances': m0016,
  '0017_lab_job': m0017,
  '0018_cluster_secrets_check': m0018,
  '0019_trade_reasons': m0019,
  '0020_exchange_passphrase': m0020,
  '0022_notification_channels': m0022,
};
