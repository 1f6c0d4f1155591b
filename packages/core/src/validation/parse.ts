import type { z } from 'zod';
import type { ErrorName } from '../errors/catalogue.js';
import { CodedError } from '../errors/coded-error.js';

/** One line naming every bad field: `path: message; path: message`. */
export function describeZodIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(value)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Parses `input` with a shared schema, or throws the coded error `errorName` whose detail names
 * every bad field. The way core functions reject malformed input.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, errorName: ErrorName): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new CodedError(errorName, describeZodIssues(result.error));
  return result.data;
}
