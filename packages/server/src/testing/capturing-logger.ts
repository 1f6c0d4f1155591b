import { createLogger, type Logger } from '../logging/logger.js';
import { SecretMasker } from '../logging/masker.js';

/** A JSON logger whose lines land in `lines` (pass an array to share it), for tests that read logs. */
export function capturingLogger(
  options: { level?: 'info' | 'debug'; secrets?: readonly (string | undefined)[]; lines?: string[] } = {},
): { logger: Logger; lines: string[] } {
  const lines = options.lines ?? [];
  const logger = createLogger({
    level: options.level ?? 'info',
    format: 'json',
    masker: new SecretMasker([...(options.secrets ?? [])]),
    sink: { write: (line) => lines.push(line) },
  });
  return { logger, lines };
}
