import { ERRORS, type ErrorName, type Recovery } from './catalogue.js';

/** An error from the catalogue. `detail` refines the catalogue message for this occurrence. */
export class CodedError extends Error {
  readonly errorName: ErrorName;
  readonly code: number;
  readonly recovery: Recovery;
  readonly routine: boolean;
  readonly detail: string | undefined;

  constructor(errorName: ErrorName, detail?: string, options?: { cause?: unknown }) {
    const spec = ERRORS[errorName];
    super(detail ? `${spec.message}: ${detail}` : spec.message, options);
    this.name = 'CodedError';
    this.errorName = errorName;
    this.code = spec.code;
    this.recovery = spec.recovery;
    this.routine = 'routine' in spec && spec.routine === true;
    this.detail = detail;
  }

  /** The message with its code appended the way the client parses it: `text{(code)}`. */
  get codedMessage(): string {
    return formatCodedMessage(this.message, this.code);
  }
}

export function isCodedError(value: unknown): value is CodedError {
  return value instanceof CodedError;
}

export function formatCodedMessage(message: string, code: number): string {
  return `${message}{(${code})}`;
}

const SUFFIX = /\{\((-?\d+)\)\}$/;

/** Splits `text{(code)}` back into its parts; the code is −1 when the message carries none. */
export function parseCodedMessage(raw: string): { message: string; code: number } {
  const match = SUFFIX.exec(raw);
  if (!match) return { message: raw, code: -1 };
  return { message: raw.slice(0, match.index), code: Number(match[1]) };
}
