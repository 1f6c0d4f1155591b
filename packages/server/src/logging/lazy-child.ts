import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LogFn, Logger } from 'pino';

const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * A request's logger (`request.log`) that becomes pino's child of `parent`, bound to the request id,
 * only when a line is first written at an enabled level. Fastify makes a child logger for every
 * request, and pino's child serialises its bindings and sets up its redaction and serializers
 * each time, though most requests never write a line (the request line is debug-level). The
 * lines written are the child's own, so they read exactly as before.
 */
export class LazyChildLogger {
  private made: Logger | undefined;
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** pino's child, made on first use. */
  get logger(): Logger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.logger.child(bindings, options);
  }

  silent(): void {}
}

for (const level of LEVELS) {
  Object.defineProperty(LazyChildLogger.prototype, level, {
    value(this: LazyChildLogger, ...args: Parameters<LogFn>) {
      if (this.isLevelEnabled(level)) this.logger[level](...args);
    },
  });
}

/** Fastify's `childLoggerFactory` with LazyChildLogger (the app's logger is pino's). */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(parent as Logger, bindings, options) as unknown as FastifyBaseLogger;
}
