import { type Kysely, sql } from 'kysely';

/**
 * Trading data (docs/trading-api.md, docs/engine.md): positions, their trades and price history, the
 * transactions of orders, crash records with their reversal points, the operator's engine
 * settings and the engine's small runtime state. Amounts and prices are NUMERIC (pg returns them
 * as strings: no float ever touches money); times are epoch ms in bigint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('position')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('open', 'bigint', (col) => col.notNull())
    .addColumn('close', 'bigint')
    .addColumn('archived', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('position_open').on('position').column('open').execute();
  // At most one active (unclosed) position at any time.
  await sql`create unique index position_one_active on "position" ((true)) where "close" is null`.execute(db);

  // Transaction ids come from a sequence (reserveTransactionId) before the row exists: the client
  // order id derived from the id is sent to the exchange, and the row is saved before the order.
  await sql`create sequence transaction_id_seq as bigint start with 1`.execute(db);
  await db.schema
    .createTable('transaction')
    .addColumn('id', 'bigint', (col) => col.primaryKey())
    .addColumn('side', 'text', (col) => col.notNull().check(sql`side in ('BUY', 'SELL')`))
    .addColumn('amount', 'numeric', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('PROCESSING', 'SUCCEEDED', 'FAILED')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('event_time', 'bigint', (col) => col.notNull())
    .addColumn('client_order_id', 'text', (col) => col.notNull().unique())
    .addColumn('logs', 'jsonb', (col) => col.notNull())
    .addColumn('intent_kind', 'text', (col) =>
      col.notNull().check(sql`intent_kind in ('increase', 'decrease')`),
    )
    .addColumn('intent_level', 'integer')
    .addColumn('intent_manual', 'boolean', (col) => col.notNull())
    .addColumn('position_id', 'bigint', (col) => col.references('position.id'))
    .execute();
  await sql`create index transaction_processing on "transaction" (id) where status = 'PROCESSING'`.execute(
    db,
  );
  await db.schema.createIndex('transaction_position').on('transaction').column('position_id').execute();
  // Trade sync finds the transaction whose logged order fills name a trade (logs @> pattern).
  await sql`create index transaction_logs on "transaction" using gin (logs jsonb_path_ops)`.execute(db);

  await db.schema
    .createTable('trade')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('exchange_trade_id', 'text', (col) => col.unique())
    .addColumn('position_id', 'bigint', (col) => col.references('position.id'))
    .addColumn('transaction_id', 'bigint', (col) => col.references('transaction.id'))
    .addColumn('side', 'text', (col) => col.notNull().check(sql`side in ('BUY', 'SELL')`))
    .addColumn('time', 'bigint', (col) => col.notNull())
    .addColumn('price', 'numeric', (col) => col.notNull())
    .addColumn('amount', 'numeric', (col) => col.notNull())
    .addColumn('quote_amount', 'numeric', (col) => col.notNull())
    .addColumn('commission', 'numeric', (col) => col.notNull())
    .addColumn('commission_asset', 'text', (col) =>
      col.notNull().check(sql`commission_asset in ('BASE', 'QUOTE', 'OTHER')`),
    )
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('exchange', 'manual')`))
    .addColumn('order_id', 'text')
    .addColumn('client_order_id', 'text')
    // An exchange trade has its exchange id; a manual one has none.
    .addCheckConstraint('trade_source_id', sql`(source = 'exchange') = (exchange_trade_id is not null)`)
    .execute();
  await db.schema.createIndex('trade_position_time').on('trade').columns(['position_id', 'time']).execute();
  await db.schema.createIndex('trade_time').on('trade').column('time').execute();
  await db.schema.createIndex('trade_transaction').on('trade').column('transaction_id').execute();
  await db.schema.createIndex('trade_client_order').on('trade').column('client_order_id').execute();

  await db.schema
    .createTable('position_price')
    .addColumn('position_id', 'bigint', (col) => col.notNull().references('position.id'))
    .addColumn('minute_time', 'bigint', (col) => col.notNull())
    .addColumn('open', 'numeric', (col) => col.notNull())
    .addColumn('high', 'numeric', (col) => col.notNull())
    .addColumn('low', 'numeric', (col) => col.notNull())
    .addColumn('close', 'numeric', (col) => col.notNull())
    .addPrimaryKeyConstraint('position_price_pk', ['position_id', 'minute_time'])
    .execute();

  await db.schema
    .createTable('crash')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('start', 'bigint', (col) => col.notNull())
    .addColumn('end', 'bigint', (col) => col.notNull())
    .addColumn('highest_points', 'double precision', (col) => col.notNull())
    .addColumn('final_points', 'double precision', (col) => col.notNull())
    .addColumn('reversal_event_time', 'bigint')
    .execute();
  await db.schema.createIndex('crash_start').on('crash').column('start').execute();

  await db.schema
    .createTable('reversal_point')
    .addColumn('crash_id', 'text', (col) => col.notNull().references('crash.id'))
    .addColumn('time', 'bigint', (col) => col.notNull())
    .addColumn('total', 'double precision', (col) => col.notNull())
    .addColumn('liquidity', 'double precision', (col) => col.notNull())
    .addColumn('coins_quote', 'double precision', (col) => col.notNull())
    .addColumn('coins_base', 'double precision', (col) => col.notNull())
    .addPrimaryKeyConstraint('reversal_point_pk', ['crash_id', 'time'])
    .execute();

  await db.schema
    .createTable('engine_setting')
    .addColumn('key', 'text', (col) =>
      col.primaryKey().check(sql`key in ('window', 'liquidity', 'coins', 'reversal', 'strategy')`),
    )
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('engine_runtime')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'engine_runtime',
    'engine_setting',
    'reversal_point',
    'crash',
    'position_price',
    'trade',
    'transaction',
    'position',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop sequence transaction_id_seq`.execute(db);
}
