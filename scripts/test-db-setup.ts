import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import type { DatabaseTemplates } from '../packages/server/src/testing/db-templates.js';
import { adminQuery } from '../packages/server/src/testing/postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Makes the databases every database test copies, once per run (scripts/make-db-templates.ts, in a
 * process of its own: the embedded database's worker thread runs the sources through tsx): a
 * PGlite folder after initdb, the same migrated, and a migrated PostgreSQL database when
 * TEST_DATABASE_URL is set. Says plainly whether the PostgreSQL half runs.
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'balancer-db-templates-'));
  const made = spawnSync(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['--conditions=@balancer/source', path.join(ROOT, 'scripts/make-db-templates.ts'), root],
    { cwd: ROOT, encoding: 'utf8', env: process.env },
  );
  if (made.status !== 0) {
    throw new Error(
      `making the test databases' templates failed (${made.status}):\n${made.stdout}\n${made.stderr}`,
    );
  }
  const templates = JSON.parse(made.stdout.trim().split('\n').at(-1) ?? '') as DatabaseTemplates;
  project.provide('databaseTemplates', templates);
  if (process.env.TEST_DATABASE_URL) {
    process.stdout.write('Database tests run on PGlite and on PostgreSQL (TEST_DATABASE_URL).\n');
  } else {
    process.stdout.write(
      '\n*** PostgreSQL half SKIPPED: TEST_DATABASE_URL is not set; database tests run on PGlite only. ***\n\n',
    );
  }
  return async () => {
    rmSync(root, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl && templates.postgresTemplate) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${templates.postgresTemplate} WITH (FORCE)`);
    }
  };
}
