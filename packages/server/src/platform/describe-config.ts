import { type Config, isSecretKey } from '../config/schema.js';

/** The configuration as it may be logged: secrets replaced, the database and Redis passwords hidden. */
export function describeConfig(config: Config): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (isSecretKey(key)) shown[key] = '[secret]';
    else if ((key === 'DATABASE_URL' || key === 'REDIS_URL') && typeof value === 'string') {
      const url = new URL(value);
      if (url.password) url.password = '***';
      shown[key] = url.toString();
    } else shown[key] = value;
  }
  return shown;
}
