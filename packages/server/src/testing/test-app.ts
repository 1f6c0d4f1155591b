import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Config } from '../config/schema.js';
import { createLogger } from '../logging/logger.js';
import { SecretMasker } from '../logging/masker.js';
import { Platform } from '../platform/platform.js';

export interface TestAppOptions {
  config?: Partial<Pick<Config, 'GUI_URL' | 'TRUST_PROXY'>>;
  webRoot?: string | null;
  /** Log lines, as JSON strings, for tests that inspect them. */
  logLines?: string[];
  /** Adds routes before the app is sealed (the app's own routes are already there). */
  extend?: (app: FastifyInstance) => void;
  platform?: Platform;
}

/** The real app, not listening, for `inject()` tests. The platform stays not ready unless given. */
export async function buildTestApp(
  options: TestAppOptions = {},
): Promise<{ app: FastifyInstance; platform: Platform }> {
  const lines = options.logLines;
  const logger = createLogger({
    level: lines ? 'info' : 'silent',
    format: 'json',
    masker: new SecretMasker(),
    sink: { write: (line) => lines?.push(line) },
  });
  const platform = options.platform ?? new Platform();
  const app = await buildApp({
    config: { GUI_URL: [], TRUST_PROXY: false, ...options.config },
    logger,
    platform,
    webRoot: options.webRoot ?? null,
  });
  options.extend?.(app);
  await app.ready();
  return { app, platform };
}
