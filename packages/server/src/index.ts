export { buildApp } from './app.js';
export { ConfigError, loadConfig } from './config/load.js';
export { type Config, configSchema, SECRET_KEYS } from './config/schema.js';
export { type DatabaseHandle, openDatabase } from './db/connect.js';
export { migrateToLatest } from './db/migrate.js';
export { startPlatform } from './platform/start.js';
