import type { z } from 'zod';

/** The first message of each invalid field (the forms show one message per field). */
export function fieldErrors<T extends object>(
  schema: z.ZodType,
  values: T,
): Partial<Record<keyof T, string>> {
  const result = schema.safeParse(values);
  const errors: Partial<Record<keyof T, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof T | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
