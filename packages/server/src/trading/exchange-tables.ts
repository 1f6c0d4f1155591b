import type { ColumnType } from 'kysely';

/** Migration 0005: sealed exchange API keys (credentials.ts). */
export interface ExchangeCredentialTable {
  exchange: string;
  api_key_sealed: string;
  secret_sealed: string;
  /** Migration 0020: OKX's passphrase, sealed; null elsewhere. */
  passphrase_sealed: string | null;
  api_key_hint: string;
  updated_at: ColumnType<string, number, number>;
}

export interface ExchangeTables {
  exchange_credential: ExchangeCredentialTable;
}
