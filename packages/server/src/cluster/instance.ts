import { hostname } from 'node:os';
import type { Config } from '../config/schema.js';

/** This instance's name on the cluster bus and in logs: INSTANCE_NAME, else `<hostname>:<port>`. */
export function instanceName(config: Pick<Config, 'INSTANCE_NAME' | 'PORT'>): string {
  return config.INSTANCE_NAME ?? `${hostname()}:${config.PORT}`;
}
