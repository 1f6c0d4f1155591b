import { z } from 'zod';
import { integerInRange } from './generic.js';
import { parseWith } from './parse.js';
import { configUpdateBodySchema } from './trading.js';

/** Each alarm threshold is a whole percent from 30 to 99 (docs/trading-api.md). */
export const SERVER_ALARM_MIN = 30;
export const SERVER_ALARM_MAX = 99;

const threshold = (name: string) =>
  integerInRange(
    SERVER_ALARM_MIN,
    SERVER_ALARM_MAX,
    `The ${name} threshold must be an integer from ${SERVER_ALARM_MIN} to ${SERVER_ALARM_MAX}`,
  );

/**
 * The server monitor's alarm thresholds in percent: a sample above one raises a notification.
 * Shared by the server (PUT /server/alarms) and the web form. Unknown keys are refused.
 */
export const serverAlarmsConfigSchema = z.strictObject(
  { cpu: threshold('CPU'), memory: threshold('memory'), disk: threshold('disk') },
  {
    // Only a non-object gets this message; an unknown key keeps zod's, which names the key.
    error: (issue) =>
      issue.code === 'invalid_type' ? 'The alarms config must be an object {cpu, memory, disk}' : undefined,
  },
);
export type ServerAlarmsConfig = z.infer<typeof serverAlarmsConfigSchema>;

/** Body of PUT /server/alarms. */
export const serverAlarmsUpdateBodySchema = configUpdateBodySchema(serverAlarmsConfigSchema);

/** Thresholds used until the operator saves others (docs/trading-api.md). */
export const DEFAULT_SERVER_ALARMS: ServerAlarmsConfig = Object.freeze({ cpu: 75, memory: 75, disk: 80 });

/** Checks an alarms config; throws SERVER_ALARMS_INVALID naming every bad field. */
export function parseServerAlarmsConfig(input: unknown): ServerAlarmsConfig {
  return parseWith(serverAlarmsConfigSchema, input, 'SERVER_ALARMS_INVALID');
}
