import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { DatabaseTemplates } from './db-templates.js';
import { adminQuery } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The databases tests copy, made once by the db project's global setup (scripts/test-db-setup.ts). */
    databaseTemplates: DatabaseTemplates;
  }
}

/** Empty: as an operator's first start finds it. Migrated: every migration applied. */
export type DatabaseState = 'empty' | 'migrated';

/** A fresh, empty database of one kind, and how to reopen and remove it. */
export interface TestDatabase {
  kind: 'pglite' | 'postgresql';
  /** Passed to openDatabase to reach this database again (after a close, say). */
  options: { databaseUrl?: string; dataDir: string };
  dispose(): Promise<void>;
}

async function freshPglite(state: DatabaseState): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-test-'));
  const templates = inject('databaseTemplates');
  const template = state === 'migrated' ? templates.pgliteMigrated : templates.pgliteEmpty;
  cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  return {
    kind: 'pglite',
    options: { dataDir },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function freshPostgres(adminUrl: string, state: DatabaseState): Promise<TestDatabase> {
  const name = `balancer_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = state === 'migrated' ? inject('databaseTemplates').postgresTemplate : undefined;
  await adminQuery(
    adminUrl,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-test-'));
  return {
    kind: 'postgresql',
    options: { databaseUrl: url.toString(), dataDir },
    dispose: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Each `create` gives a fresh
 * database copied from a template: empty by default (a first start migrates it), or migrated.
 */
export function databaseKinds(
  state: DatabaseState = 'empty',
): Array<{ kind: TestDatabase['kind']; create: () => Promise<TestDatabase> }> {
  const kinds: Array<{ kind: TestDatabase['kind']; create: () => Promise<TestDatabase> }> = [
    { kind: 'pglite', create: () => freshPglite(state) },
  ];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) kinds.push({ kind: 'postgresql', create: () => freshPostgres(adminUrl, state) });
  return kinds;
}

export interface DatabaseContext {
  target: TestDatabase;
  handle: DatabaseHandle;
}

/**
 * Runs a suite once per database kind, each on a fresh migrated database. `ctx()` gives the
 * open handle inside the tests.
 */
export function describeEachDatabase(title: string, body: (ctx: () => DatabaseContext) => void): void {
  for (const { kind, create } of databaseKinds('migrated')) {
    describe(`${title} [${kind}]`, () => {
      let context: DatabaseContext | undefined;
      beforeAll(async () => {
        const target = await create();
        const handle = await openDatabase(target.options);
        await migrateToLatest(handle.db);
        context = { target, handle };
      });
      afterAll(async () => {
        await context?.handle.close();
        await context?.target.dispose();
      });
      body(() => {
        if (!context) throw new Error('the test database is not open yet');
        return context;
      });
    });
  }
}
