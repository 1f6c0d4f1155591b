import type { ColumnType, Generated } from 'kysely';

/** Rows of the database as Kysely sees them. NUMERIC and BIGINT come back as strings. */
export interface PlatformMetaTable {
  key: string;
  value: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  platform_meta: PlatformMetaTable;
}

export type { Generated };
