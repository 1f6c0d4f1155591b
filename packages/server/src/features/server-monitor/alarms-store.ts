import { DEFAULT_SERVER_ALARMS, parseServerAlarmsConfig, type ServerAlarmsConfig } from '@balancer/core';
import type { Platform } from '../../platform/platform.js';
import { systemTime } from '../../shared/clock.js';

/**
 * The alarm thresholds in the database (table server_alarms, one row with id 1). The defaults
 * apply until the operator saves others. The monitor reads them for every sample.
 */
export class ServerAlarmsStore {
  constructor(
    readonly platform: Platform,
    private readonly now: () => number = systemTime,
  ) {}

  async get(): Promise<ServerAlarmsConfig> {
    const row = await this.platform.database.db
      .selectFrom('server_alarms')
      .select(['cpu', 'memory', 'disk'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return row ? { cpu: row.cpu, memory: row.memory, disk: row.disk } : { ...DEFAULT_SERVER_ALARMS };
  }

  /** Replaces the thresholds; bad input throws SERVER_ALARMS_INVALID and nothing is written. */
  async put(input: unknown): Promise<ServerAlarmsConfig> {
    const config = parseServerAlarmsConfig(input);
    const values = { ...config, updated_at: this.now() };
    await this.platform.database.db
      .insertInto('server_alarms')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    return config;
  }
}
