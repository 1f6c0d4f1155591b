import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { SecretMasker } from './masker.js';

export type { Logger };

/** Object paths whose values never reach a log line, whatever they hold. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["otp-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.otpToken',
  '*.otpSecret',
  '*.altchaPayload',
  '*.apiKey',
  '*.apiSecret',
  '*.token',
  '*.refreshToken',
];

export interface LoggerOptions {
  level: string;
  format: 'pretty' | 'json';
  masker: SecretMasker;
  /** Where lines go; stdout unless a test wants to read them. */
  sink?: { write(line: string): unknown };
}

export function createLogger({ level, format, masker, sink }: LoggerOptions): Logger {
  const out =
    sink ??
    (format === 'pretty'
      ? pretty({ colorize: process.stdout.isTTY, sync: true, singleLine: true, ignore: 'pid,hostname,app' })
      : process.stdout);
  const destination = { write: (line: string) => out.write(masker.mask(line)) };
  return pino(
    {
      level,
      base: { app: 'balancer' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
