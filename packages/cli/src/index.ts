export { runCli, type Writer } from './cli.js';
export { type ExchangeKeysOptions, exchangeKeysCommand } from './exchange-keys.js';
export { type RootOtpOptions, rootOtpCommand } from './root-otp.js';
export { CliError, withServerDatabase } from './server-database.js';
