import { describe, expect, it } from 'vitest';
import { readTradeForm, type TradeFormValues, toLocalInput } from './trade-form-values';

const base: TradeFormValues = {
  side: 'BUY',
  time: toLocalInput(1_772_719_620_000),
  price: '70000.5',
  amount: '0.001',
  quoteAmount: '',
  commission: '',
  commissionAsset: 'QUOTE',
};

describe('readTradeForm (core manualTradeSchema)', () => {
  it('gives the trade, leaving empty optional fields to the server', () => {
    expect(readTradeForm(base)).toEqual({
      ok: true,
      trade: {
        side: 'BUY',
        time: 1_772_719_620_000,
        price: '70000.5',
        amount: '0.001',
        commissionAsset: 'QUOTE',
      },
    });
  });

  it('names each bad field', () => {
    const result = readTradeForm({ ...base, time: '', price: '-1', amount: '0', commission: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      time: 'Enter a date and time',
      price: 'The price must be a decimal string greater than 0',
      amount: 'The amount must be a decimal string greater than 0',
      commission: 'The commission must be a decimal string ≥ 0',
    });
  });
});
