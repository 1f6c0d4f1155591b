// The light entry for operator tools (`npm run cli -- doctor`, `service`): the configuration,
// the migration list, the embedded database's lock and the stop budget, without the app (the
// full entry costs seconds to import on a small machine; doctor must answer in under 2 s).

export { ConfigError, collectSettings } from './config/load.js';
export { CONFIG_KEYS, type Config, configSchema, SECRET_KEYS, type TlsMode } from './config/schema.js';
export { migrations } from './db/migrations/index.js';
export { embeddedDatabaseHolder } from './features/backups/running.js';
export { SERVER_NODE_FLAGS } from './node-flags.js';
export { STOP_BUDGET } from './platform/stop.js';
