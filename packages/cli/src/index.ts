export { runCli, type Writer } from './cli.js';
export { CliError, type RootOtpOptions, rootOtpCommand } from './root-otp.js';
