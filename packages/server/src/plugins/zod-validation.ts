import { findUnsafeText } from '@balancer/core';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served before the platform is ready (health checks, static files). */
    beforeReady?: boolean;
  }
}

function describeIssues(error: z.ZodError, part: string): string {
  return error.issues
    .map((issue) => {
      const where = [part, ...issue.path.map(String)].join('.');
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Route schemas are zod schemas (the ones shared with the web app); fastify validates with them.
 * Before the schema, every string and key must be text the database can hold (no NUL, no lone
 * surrogate); and a schema that throws instead of reporting (a refinement meeting a value it did
 * not expect) is a refusal, never a 500.
 */
export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler<z.ZodType>(zodValidatorCompiler);
}

/** The validator compiler of every route (also given to Fastify's schema controller, app.ts). */
export function zodValidatorCompiler({ schema, httpPart }: { schema: z.ZodType; httpPart?: string }) {
  const part = httpPart ?? 'request';
  return (data: unknown) => {
    const unsafe = findUnsafeText(data);
    if (unsafe !== null) {
      return {
        error: new Error(`${part}.${unsafe}: must not contain NUL or unpaired surrogate characters`),
      };
    }
    try {
      const result = schema.safeParse(data);
      if (result.success) return { value: result.data };
      return { error: new Error(describeIssues(result.error, part)) };
    } catch {
      return { error: new Error(`${part}: could not be read`) };
    }
  };
}

export type ZodRouteSchema = FastifySchema & {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
};
