import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Initialises one PGlite data folder (~3 s, the cost of initdb) that every database test copies
 * (~0.3 s to open), and says plainly whether the PostgreSQL half runs.
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'balancer-pglite-template-'));
  const dir = path.join(root, 'pglite');
  mkdirSync(dir);
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir);
  await db.waitReady;
  await db.close();
  project.provide('pgliteTemplate', dir);
  if (process.env.TEST_DATABASE_URL) {
    process.stdout.write('Database tests run on PGlite and on PostgreSQL (TEST_DATABASE_URL).\n');
  } else {
    process.stdout.write(
      '\n*** PostgreSQL half SKIPPED: TEST_DATABASE_URL is not set; database tests run on PGlite only. ***\n\n',
    );
  }
  return () => rmSync(root, { recursive: true, force: true });
}
