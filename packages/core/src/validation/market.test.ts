import { describe, expect, it } from 'vitest';
import { coinSymbolSchema } from './market.js';

describe('coinSymbolSchema', () => {
  it.each(['BTC', 'USDT', '1INCH', 'A', 'ABCDEFGHIJ0123456789'])('accepts %s', (symbol) => {
    expect(coinSymbolSchema.parse(symbol)).toBe(symbol);
  });
  it.each(['', 'btc', 'BTC/USDT', 'BTC ', 'ABCDEFGHIJ01234567890', 'ÉTH', 5])('refuses %j', (symbol) => {
    expect(coinSymbolSchema.safeParse(symbol).error?.issues.map((issue) => issue.message)).toEqual([
      'The symbol must be 1 to 20 upper-case letters or digits',
    ]);
  });
});
