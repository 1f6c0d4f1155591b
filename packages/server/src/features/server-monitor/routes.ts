import {
  databaseSummarySchema,
  serverAlarmsConfigSchema,
  serverAlarmsUpdateBodySchema,
  serverHistoryQuerySchema,
  serverHistorySchema,
  serverStatusSchema,
} from '@balancer/core';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { Platform } from '../../platform/platform.js';
import type { ServerAlarmsStore } from './alarms-store.js';
import { summarizeDatabase } from './database-summary.js';
import { readHistory } from './history-repository.js';
import type { ServerMonitor } from './monitor.js';

const tag = 'server';

/** The API process beside the machine's figures: what an operator asks first. */
function processFacts(platform: Platform) {
  return {
    nodeVersion: process.version,
    platform: process.platform,
    arch: process.arch,
    /** Bytes of memory the API process holds. */
    rss: process.memoryUsage.rss(),
    /** Seconds since the API process started. */
    uptime: Math.floor(process.uptime()),
    databaseKind: platform.database.kind,
  };
}

/**
 * `/server` (docs/server-monitor.md): the latest sample, the history, the alarm thresholds and the
 * database summary. `now`: wall time, epoch ms.
 */
export function serverMonitorRoutes(
  platform: Platform,
  monitor: ServerMonitor,
  alarms: ServerAlarmsStore,
  now: () => number,
): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/server',
      summary: 'The latest server sample (uptime, CPU, memory, busiest file system) and process facts',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: serverStatusSchema,
      handler: async () => ({ ...(await monitor.latest()), process: processFacts(platform) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/server/history',
      summary:
        'CPU, memory and disk (percent) over the last 6 h (per minute), 48 h (per 10 min) or 30 days (per hour)',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      schema: { querystring: serverHistoryQuerySchema },
      response: serverHistorySchema,
      handler: ({ query }) => readHistory(platform.database.db, query.range, now()),
    }),
    defineRoute({
      method: 'GET',
      url: '/server/alarms',
      summary: 'The CPU, memory and disk alarm thresholds (percent)',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: serverAlarmsConfigSchema,
      handler: () => alarms.get(),
    }),
    defineRoute({
      method: 'PUT',
      url: '/server/alarms',
      summary: 'Replace the alarm thresholds (each an integer 30–99; applied at the next sample)',
      tag,
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      schema: { body: serverAlarmsUpdateBodySchema },
      response: serverAlarmsConfigSchema,
      handler: ({ body }) => alarms.put(body.newConfig),
    }),
    defineRoute({
      method: 'GET',
      url: '/database/summary',
      summary: "The database's name, kind, version, size and tables with their sizes",
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: databaseSummarySchema,
      handler: () => summarizeDatabase(platform.database),
    }),
  ];
}
