import { CodedError } from '@balancer/core';
import { checkKeyShape } from '@balancer/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { SecretBox } from '../shared/secret-box.js';

/** An exchange's API key pair, in clear: only ever held in memory. */
export interface ExchangeKeys {
  apiKey: string;
  secret: string;
  /** OKX's API passphrase (sealed like the others); absent for the other exchanges. */
  passphrase?: string;
}

/** What may be shown of stored keys: the exchange, the key's last 4 characters, when it was set. */
export interface ExchangeKeysSummary {
  exchange: string;
  apiKeyHint: string;
  updatedAt: number;
}

const KEY_TEXT = /^[\x21-\x7e]{8,512}$/;

function check(keys: ExchangeKeys): ExchangeKeys {
  const apiKey = keys.apiKey.trim();
  const secret = keys.secret.trim();
  const passphrase = keys.passphrase?.trim();
  if (!KEY_TEXT.test(apiKey) || !KEY_TEXT.test(secret)) {
    // Never echo the values: only say what is wrong with them.
    throw new CodedError(
      'EXCHANGE_KEYS_INVALID',
      'the API key and secret must each be 8–512 printable characters',
    );
  }
  return passphrase === undefined ? { apiKey, secret } : { apiKey, secret, passphrase };
}

/**
 * Exchange API keys at rest: each value sealed with AES-256-GCM under ENCRYPTION_KEY, bound to the
 * exchange and the field (a sealed secret copied into another row or column does not open).
 */
export class ExchangeCredentials {
  private readonly box: SecretBox;

  constructor(
    private readonly db: () => Kysely<Database>,
    encryptionKey: string,
  ) {
    this.box = new SecretBox(encryptionKey);
  }

  async set(exchange: string, input: ExchangeKeys, now: number): Promise<ExchangeKeysSummary> {
    const keys = check(input);
    // The shape this exchange issues (EXCHANGE_KEYS_SHAPE_INVALID, never echoing the values).
    checkKeyShape(exchange, keys.apiKey, keys.secret, keys.passphrase);
    const row = {
      exchange,
      api_key_sealed: this.box.seal(keys.apiKey, `exchange:${exchange}:apiKey`),
      secret_sealed: this.box.seal(keys.secret, `exchange:${exchange}:secret`),
      passphrase_sealed:
        keys.passphrase === undefined
          ? null
          : this.box.seal(keys.passphrase, `exchange:${exchange}:passphrase`),
      api_key_hint: keys.apiKey.slice(-4),
      updated_at: now,
    };
    await this.db()
      .insertInto('exchange_credential')
      .values(row)
      .onConflict((conflict) => conflict.column('exchange').doUpdateSet(row))
      .execute();
    return { exchange, apiKeyHint: row.api_key_hint, updatedAt: now };
  }

  /** The keys in clear for the exchange adapter, or null when none are stored. */
  async get(exchange: string): Promise<ExchangeKeys | null> {
    const row = await this.db()
      .selectFrom('exchange_credential')
      .selectAll()
      .where('exchange', '=', exchange)
      .executeTakeFirst();
    if (!row) return null;
    // A database a release before 0020 wrote (a rollback, read by this code) has no passphrase column.
    const passphrase = row.passphrase_sealed ?? null;
    return {
      apiKey: this.box.open(row.api_key_sealed, `exchange:${exchange}:apiKey`),
      secret: this.box.open(row.secret_sealed, `exchange:${exchange}:secret`),
      ...(passphrase === null
        ? {}
        : { passphrase: this.box.open(passphrase, `exchange:${exchange}:passphrase`) }),
    };
  }

  async summary(): Promise<ExchangeKeysSummary[]> {
    const rows = await this.db()
      .selectFrom('exchange_credential')
      .select(['exchange', 'api_key_hint', 'updated_at'])
      .orderBy('exchange')
      .execute();
    return rows.map((row) => ({
      exchange: row.exchange,
      apiKeyHint: row.api_key_hint,
      updatedAt: Number(row.updated_at),
    }));
  }

  /** Removes the exchange's keys; true when there were any. */
  async clear(exchange: string): Promise<boolean> {
    const result = await this.db()
      .deleteFrom('exchange_credential')
      .where('exchange', '=', exchange)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
