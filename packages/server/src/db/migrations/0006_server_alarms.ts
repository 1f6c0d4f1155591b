import { type Kysely, sql } from 'kysely';

/**
 * The server monitor's alarm thresholds (features/server-monitor): at most one row (id 1), absent
 * until the operator saves thresholds; the defaults 75/75/80 apply meanwhile. The checks repeat
 * the API's bounds (integer percent 30–99) so no other writer can store what the monitor refuses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const percent = (column: string) => sql`${sql.ref(column)} BETWEEN 30 AND 99`;
  await db.schema
    .createTable('server_alarms')
    .addColumn('id', 'smallint', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('cpu', 'smallint', (col) => col.notNull().check(percent('cpu')))
    .addColumn('memory', 'smallint', (col) => col.notNull().check(percent('memory')))
    .addColumn('disk', 'smallint', (col) => col.notNull().check(percent('disk')))
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_alarms').execute();
}
