import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/connect.js';
import { seedFromTemplate } from '../db/embedded/template.js';
import { migrateToLatest } from '../db/migrate.js';
import { EMBEDDED_TEMPLATE_DIR } from '../paths.js';
import { adminQuery } from './postgres-admin.js';

/*
 * The databases every test database is copied from, made once per test run (scripts/test-db-setup.ts):
 * opening a copy costs a file copy (PGlite) or `CREATE DATABASE … TEMPLATE` (PostgreSQL) instead of
 * initdb and 18 migrations per suite.
 */

export interface DatabaseTemplates {
  /** A PGlite data folder right after initdb: what an operator's first start finds. */
  pgliteEmpty: string;
  /** The same after every migration. */
  pgliteMigrated: string;
  /** A migrated PostgreSQL database to copy (only with an admin URL). */
  postgresTemplate?: string;
}

async function migrate(options: { databaseUrl?: string; dataDir: string }): Promise<void> {
  const handle = await openDatabase(options);
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

/** Makes the templates under `root`, and a PostgreSQL one through `postgresAdminUrl` when given. */
export async function makeDatabaseTemplates(
  root: string,
  postgresAdminUrl?: string,
): Promise<DatabaseTemplates> {
  const empty = path.join(root, 'empty');
  const pgliteEmpty = path.join(empty, 'pglite');
  mkdirSync(pgliteEmpty, { recursive: true });
  // The build's template when there is one (npm test makes it first), as a first start would.
  if (!seedFromTemplate(pgliteEmpty, EMBEDDED_TEMPLATE_DIR)) {
    const db = new PGlite(pgliteEmpty);
    await db.waitReady;
    await db.close();
  }
  const migrated = path.join(root, 'migrated');
  cpSync(pgliteEmpty, path.join(migrated, 'pglite'), { recursive: true });
  await migrate({ dataDir: migrated });
  const templates: DatabaseTemplates = { pgliteEmpty, pgliteMigrated: path.join(migrated, 'pglite') };
  if (!postgresAdminUrl) return templates;
  const name = `balancer_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(postgresAdminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  await migrate({ databaseUrl: url.toString(), dataDir: root });
  return { ...templates, postgresTemplate: name };
}
