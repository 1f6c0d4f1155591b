import type { Kysely } from 'kysely';

/**
 * Exchange API keys, sealed with AES-256-GCM under ENCRYPTION_KEY (trading/exchange-credentials.ts): one row per
 * exchange. Nothing here is readable without the platform's key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exchange_credential')
    .addColumn('exchange', 'text', (col) => col.primaryKey())
    .addColumn('api_key_sealed', 'text', (col) => col.notNull())
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    /** The key's last 4 characters, to tell keys apart without revealing them. */
    .addColumn('api_key_hint', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('exchange_credential').execute();
}
