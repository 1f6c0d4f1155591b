import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/test-databases.js';
import { ExchangeCredentials } from './exchange-credentials.js';

const ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64url');
const OKX = { apiKey: '0f5d2c1e-1b2c-4d5e-8f90-1234567890ab', secret: 'ABCDEF0123456789ABCDEF0123456789' };

describeEachDatabase('exchange credentials: OKX passphrase (migration 0020)', (ctx) => {
  it('seals the passphrase with the key and secret, bound to its field, and gives all three back', async () => {
    const { db } = ctx().handle;
    const credentials = new ExchangeCredentials(() => db, ENCRYPTION_KEY);
    await credentials.set('okx', { ...OKX, passphrase: ' Pass-phrase-1 ' }, 1_000);
    const row = await db.selectFrom('exchange_credential').selectAll().executeTakeFirstOrThrow();
    expect(row.passphrase_sealed).not.toContain('Pass-phrase-1');
    expect(await credentials.get('okx')).toEqual({ ...OKX, passphrase: 'Pass-phrase-1' });
    // A sealed passphrase moved into the secret's column does not open.
    await db
      .updateTable('exchange_credential')
      .set({ secret_sealed: row.passphrase_sealed ?? '' })
      .execute();
    await expect(credentials.get('okx')).rejects.toThrow();
    await credentials.clear('okx');
  });

  it('refuses OKX keys without a passphrase and a passphrase for another exchange, storing nothing', async () => {
    const { db } = ctx().handle;
    const credentials = new ExchangeCredentials(() => db, ENCRYPTION_KEY);
    await expect(credentials.set('okx', OKX, 1_000)).rejects.toMatchObject({
      errorName: 'EXCHANGE_KEYS_SHAPE_INVALID',
    });
    await expect(
      credentials.set(
        'binance',
        { apiKey: 'binance-key-1', secret: 'binance-secret-1', passphrase: 'Pass-phrase-1' },
        1,
      ),
    ).rejects.toMatchObject({ errorName: 'EXCHANGE_KEYS_SHAPE_INVALID' });
    expect(await credentials.summary()).toEqual([]);
  });
});
