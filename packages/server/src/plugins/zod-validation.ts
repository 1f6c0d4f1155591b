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

/** Route schemas are zod schemas (the ones shared with the web app); fastify validates with them. */
export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler<z.ZodType>(({ schema, httpPart }) => {
    return (data: unknown) => {
      const result = schema.safeParse(data);
      if (result.success) return { value: result.data };
      const error = new Error(describeIssues(result.error, httpPart ?? 'request'));
      return { error };
    };
  });
}

export type ZodRouteSchema = FastifySchema & {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
};
