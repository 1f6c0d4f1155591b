import { describe, expect, it } from 'vitest';
import { errorNameOf } from '../simulator/test-table.js';
import { checkQuoteListed, EXCHANGE_PROFILES, profileOf } from './exchange-profile.js';
import { checkBases } from './validate.js';

const UUID_ID = `bal-${'0123456789abcdef'.repeat(2)}`;

describe('exchange profiles: the client order id in each exchange field', () => {
  it.each([
    ['binance', 'bal-n42', 'bal-n42', UUID_ID],
    ['kraken', 'bal-n42', 'bal-n42', '0123456789abcdef0123456789abcdef'],
    ['okx', 'bal-n42', 'baln42', '0123456789abcdef0123456789abcdef'],
    ['coinbase', 'bal-n42', 'bal-n42', UUID_ID],
  ] as const)('%s: %s → %s, a UUID id → %s', (id, engineId, field, uuidField) => {
    const profile = profileOf(id);
    expect(profile.toExchangeClientId(engineId)).toBe(field);
    expect(profile.toExchangeClientId(UUID_ID)).toBe(uuidField);
  });

  it('okx and coinbase: a market order sized in BTC, the id in their own field', () => {
    expect(profileOf('okx').createParams('baln7', '0.01')).toEqual({ clOrdId: 'baln7', tgtCcy: 'base_ccy' });
    expect(profileOf('coinbase').createParams('bal-n7', '0.01')).toEqual({
      client_order_id: 'bal-n7',
      order_configuration: { market_market_ioc: { base_size: '0.01' } },
    });
  });

  it('bitfinex: the integer digits as cid; a UUID id or an integer over 45 bits is refused', async () => {
    const bitfinex = profileOf('bitfinex');
    expect(bitfinex.toExchangeClientId('bal-n42')).toBe('42');
    expect(bitfinex.createParams('42', '0.01')).toEqual({ cid: 42 });
    expect(await errorNameOf(async () => bitfinex.toExchangeClientId(UUID_ID))).toBe(
      'EXCHANGE_CLIENT_ORDER_ID_INVALID',
    );
    expect(await errorNameOf(async () => bitfinex.toExchangeClientId(`bal-n${2 ** 45}`))).toBe(
      'EXCHANGE_CLIENT_ORDER_ID_INVALID',
    );
  });

  it('kraken: free text over 18 characters is refused (its documented limit)', async () => {
    expect(profileOf('kraken').toExchangeClientId('bal-n1234567890123')).toBe('bal-n1234567890123');
    expect(await errorNameOf(async () => profileOf('kraken').toExchangeClientId('bal-n12345678901234'))).toBe(
      'EXCHANGE_CLIENT_ORDER_ID_INVALID',
    );
  });

  it('every profile writes ids of its field shape, and strict-nonce exchanges queue private calls', () => {
    for (const profile of Object.values(EXCHANGE_PROFILES)) {
      expect(profile.toExchangeClientId('bal-n7').length).toBeGreaterThan(0);
    }
    expect(
      Object.values(EXCHANGE_PROFILES)
        .filter((p) => p.serialPrivate)
        .map((p) => p.id),
    ).toEqual(['kraken', 'bitfinex']);
  });
});

describe('exchange profiles: markets per quote asset', () => {
  it('accepts a listed BTC market and refuses a quote asset with none (coded)', async () => {
    expect(() => checkQuoteListed('kraken', 'BTC', 'USD')).not.toThrow();
    expect(() => checkQuoteListed('binance', 'BTC', 'USDT')).not.toThrow();
    expect(await errorNameOf(async () => checkQuoteListed('binance', 'BTC', 'USD'))).toBe(
      'EXCHANGE_QUOTE_UNLISTED',
    );
    expect(await errorNameOf(async () => checkQuoteListed('kraken', 'BTC', 'FDUSD'))).toBe(
      'EXCHANGE_QUOTE_UNLISTED',
    );
  });

  it("accepts the default coin list's one-letter coin W", () => {
    expect(checkBases(['BTC', 'W', 'ETH'])).toEqual(['BTC', 'W', 'ETH']);
  });
});
