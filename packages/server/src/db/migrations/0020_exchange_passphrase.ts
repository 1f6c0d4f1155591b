import type { Kysely } from 'kysely';

/**
 * OKX's API passphrase, the third part of its keys, sealed like the key and the secret
 * (trading/exchange-credentials.ts); null for the exchanges whose keys have two parts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exchange_credential').addColumn('passphrase_sealed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('exchange_credential').dropColumn('passphrase_sealed').execute();
}
