import type { ProjectLinks } from '@balancer/core';

/** The server's GET /ready answer, read without zod (the landing's first load stays small). */
export type ReadyAnswer =
  | { kind: 'ready'; database: string; links: ProjectLinks }
  | { kind: 'down'; reason: string };

let asked: Promise<ReadyAnswer> | null = null;

async function ask(): Promise<ReadyAnswer> {
  try {
    const response = await fetch('/ready', { headers: { accept: 'application/json' } });
    const body = (await response.json()) as {
      success: boolean;
      data?: { database: string; links?: ProjectLinks };
      error?: string;
    };
    if (!body.success || !body.data) return { kind: 'down', reason: body.error ?? 'starting up' };
    const links = body.data.links ?? { sourceCodeUrl: null, contactEmail: null };
    return { kind: 'ready', database: body.data.database, links };
  } catch (error) {
    return { kind: 'down', reason: (error as Error).message };
  }
}

/**
 * GET /ready, one request for the callers that ask at the same time (the landing's status line
 * and the project links mount together); once answered, the next caller asks again.
 */
export function readServerReady(): Promise<ReadyAnswer> {
  if (asked === null) {
    asked = ask();
    void asked.then(() => {
      asked = null;
    });
  }
  return asked;
}
