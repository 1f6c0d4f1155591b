import {
  addTrades,
  EMPTY_POSITION_LEDGER,
  fixedText,
  isLedgerClosed,
  ledgerEntryPrice,
  ledgerHeldAmount,
  type Trade,
} from '@balancer/core';
import { describe, expect, it } from 'vitest';
import {
  addFill,
  EMPTY_FILL_LEDGER,
  entryPriceOf,
  heldText,
  isFillLedgerClosed,
  LEDGER_SUMS,
  toCoreLedger,
} from './fill-ledger.js';

const trade = (
  id: number,
  side: Trade['side'],
  amount: string,
  price: string,
  fee: string,
  asset = 'QUOTE',
) =>
  ({
    id: `t-${id}`,
    side,
    time: 1000 * (id % 3), // equal times too: replay order then goes by id
    price,
    amount,
    quoteAmount: (Number(amount) * Number(price)).toFixed(8).replace(/\.?0+$/, ''),
    commission: fee,
    commissionAsset: asset,
  }) as Trade;

describe('the fill ledger', () => {
  it("holds core's ledger sums and answers as core's ledger functions do, fill after fill", () => {
    const trades = [
      trade(1, 'BUY', '0.01', '100000', '1'),
      trade(2, 'BUY', '0.012', '90000.01', '0.00001', 'BASE'),
      trade(3, 'SELL', '0.00311', '97000.5', '0.30167485'),
      trade(4, 'BUY', '0.00333', '30000.01', '0.0999'),
      trade(5, 'SELL', '0.0252', '101000', '2.5452'),
    ];
    let core = EMPTY_POSITION_LEDGER;
    let exact = EMPTY_FILL_LEDGER;
    for (const fill of trades) {
      core = addTrades(core, [fill]);
      exact = addFill(exact, fill);
      const mirrored = toCoreLedger(exact);
      for (const sum of LEDGER_SUMS) {
        expect(mirrored[sum].toFixed()).toBe(core[sum].toFixed());
      }
      expect([exact.first, exact.last]).toEqual([core.first, core.last]);
      expect(heldText(exact)).toBe(ledgerHeldAmount(core).toFixed());
      expect(fixedText(entryPriceOf(exact))).toBe(ledgerEntryPrice(core).toFixed());
      expect(isFillLedgerClosed(exact)).toBe(isLedgerClosed(core));
    }
    expect(isFillLedgerClosed(exact)).toBe(true); // 0.01 + (0.012 − 0.00001 fee) − 0.00311 + 0.00333 − 0.0252 = 0.00001 < 0.0002 left
  });
});
