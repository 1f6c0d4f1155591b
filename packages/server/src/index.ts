export { buildApp } from './app.js';
export { ConfigError, loadConfig } from './config/load.js';
export { type Config, configSchema, SECRET_KEYS } from './config/schema.js';
export { type DatabaseHandle, openDatabase } from './db/connect.js';
export { migrateToLatest } from './db/migrate.js';
export { AccountsService } from './features/accounts/service.js';
export * as backups from './features/backups/index.js';
export { configuredKeyPermissions } from './features/engine/key-permissions.js';
export { RATE_TIERS, RATE_WINDOW_MS } from './http/route-spec.js';
export { createLogger } from './logging/logger.js';
export { SecretMasker } from './logging/masker.js';
export { Platform } from './platform/platform.js';
export { startPlatform } from './platform/start.js';
// HTTPS: the certificate source port (an ACME source implements it) and the file source with its wiring.
export type { CertificatePair, CertificateSource, ChallengeResponder } from './tls/certificate-source.js';
export { FileCertificateSource } from './tls/file-source.js';
export { serveTls } from './tls/serve-tls.js';
export { ExchangeCredentials, type ExchangeKeys } from './trading/exchange-credentials.js';
