import { describe, expect, it } from 'vitest';
import { commissionAssetName, positionStatus } from './format';

describe('position formats', () => {
  it('names the commission asset from the exchange config, never the literal BASE/QUOTE', () => {
    const usd = { baseAsset: 'BTC', quoteAsset: 'USD' };
    expect(commissionAssetName('QUOTE', usd)).toBe('USD');
    expect(commissionAssetName('BASE', usd)).toBe('BTC');
    expect(commissionAssetName('OTHER', usd)).toBe('other asset');
  });

  it('names the status, archived first', () => {
    expect(positionStatus({ close: null, archived: false })).toBe('active');
    expect(positionStatus({ close: 5, archived: false })).toBe('closed');
    expect(positionStatus({ close: 5, archived: true })).toBe('archived');
  });
});
