import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../numbers/decimal.js';
import { fixedText } from '../numbers/fixed.js';
import { freezeStrategy } from '../strategy/inputs.js';
import { STRATEGY_TEMPLATES } from '../strategy/templates.js';
import { buy, sell } from '../strategy/testing.js';
import { EMPTY_ACTIONS } from './actions.js';
import { computePosition, positionFromLedger } from './compute.js';
import {
  addTrades,
  EMPTY_POSITION_LEDGER,
  isLedgerClosed,
  LEDGER_SUMS,
  ledgerEntryPrice,
  ledgerHeldAmount,
} from './position-ledger.js';
import {
  EMPTY_REFERENCE_LEDGER,
  referenceAdd,
  referenceClosed,
  referenceEntry,
  referenceHeld,
  referencePosition,
} from './test-reference.js';
import { parseTrades } from './trade-schema.js';
import type { Trade } from './types.js';

const strategy = STRATEGY_TEMPLATES.SWING_TRADER;

/** Random fills: a buy first, then buys and sells of 0.00001–0.05 BTC with every commission kind. */
const fills = fc
  .array(
    fc.record({
      side: fc.constantFrom<Trade['side']>('BUY', 'SELL'),
      time: fc.integer({ min: 0, max: 50 }),
      cents: fc.integer({ min: 100_000, max: 15_000_000 }),
      lots: fc.integer({ min: 1, max: 5000 }),
      fee: fc.integer({ min: 0, max: 999 }),
      asset: fc.constantFrom<Trade['commissionAsset']>('BASE', 'QUOTE', 'OTHER'),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((rows) =>
    rows.map((row, i): Trade => {
      const price = new Decimal(row.cents).dividedBy(100).toFixed();
      const amount = new Decimal(row.lots).dividedBy(1e5).toFixed();
      const commission = new Decimal(row.fee).dividedBy(1e8).toFixed();
      const extra = { commission, commissionAsset: row.asset };
      const side = i === 0 ? 'BUY' : row.side;
      // ids 1, 2, … 10, 11: integers compare numerically; equal times then order by id
      return side === 'BUY'
        ? buy(String(i + 1), row.time, price, amount, extra)
        : sell(String(i + 1), row.time, price, amount, extra);
    }),
  );

describe('position ledger', () => {
  it('gives computePosition’s position, one trade at a time, in any order', () => {
    fc.assert(
      fc.property(fills, fc.integer({ min: 1, max: 15_000_000 }), (trades, cents) => {
        const price = new Decimal(cents).dividedBy(100).toFixed();
        let ledger = EMPTY_POSITION_LEDGER;
        // Backwards, one at a time: the sums do not care, first and last follow replay order.
        for (const trade of [...trades].reverse()) ledger = addTrades(ledger, [trade]);
        const first = [...trades].sort((a, b) => a.time - b.time || Number(a.id) - Number(b.id))[0]!;
        if (first.side !== 'BUY') {
          expect(() => positionFromLedger(ledger, price, strategy, EMPTY_ACTIONS)).toThrow(
            expect.objectContaining({ errorName: 'POSITION_WITHOUT_BUY' }),
          );
          return;
        }
        const expected = computePosition(trades, price, strategy, EMPTY_ACTIONS);
        expect(positionFromLedger(ledger, price, strategy, EMPTY_ACTIONS)).toEqual(expected);
        expect(isLedgerClosed(ledger)).toBe(expected.close !== null);
        expect(fixedText(ledgerEntryPrice(ledger))).toBe(expected.entryPrice);
      }),
      { numRuns: 300 },
    );
  });

  it('holds the plain decimal sums and answers as the plain rules do, trade after trade (property)', () => {
    fc.assert(
      fc.property(fills, (trades) => {
        let ledger = EMPTY_POSITION_LEDGER;
        let reference = EMPTY_REFERENCE_LEDGER;
        for (const trade of trades) {
          ledger = addTrades(ledger, [trade]);
          reference = referenceAdd(reference, parseTrades([trade])[0]!);
          for (const sum of LEDGER_SUMS) expect(fixedText(ledger[sum])).toBe(reference[sum].toFixed());
          expect([ledger.first, ledger.last]).toEqual([reference.first, reference.last]);
          expect(fixedText(ledgerHeldAmount(ledger))).toBe(referenceHeld(reference).toFixed());
          expect(fixedText(ledgerEntryPrice(ledger))).toBe(referenceEntry(reference).toFixed());
          expect(isLedgerClosed(ledger)).toBe(referenceClosed(reference));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('gives the plain decimal position at any price and strategy (property)', () => {
    const prices = fc.oneof(
      fc.integer({ min: 1, max: 15_000_000 }).map((cents) => String(cents / 100)),
      fc.double({ min: 1e-6, max: 1e7, noNaN: true }).map(String),
    );
    const strategies = fc.constantFrom(...Object.values(STRATEGY_TEMPLATES).map(freezeStrategy));
    fc.assert(
      fc.property(fills, prices, strategies, (trades, price, chosen) => {
        let ledger = EMPTY_POSITION_LEDGER;
        let reference = EMPTY_REFERENCE_LEDGER;
        for (const trade of trades) {
          ledger = addTrades(ledger, [trade]);
          reference = referenceAdd(reference, parseTrades([trade])[0]!);
          if (ledger.first?.side !== 'BUY') continue; // POSITION_WITHOUT_BUY: tested below
          expect(positionFromLedger(ledger, price, chosen, EMPTY_ACTIONS)).toEqual(
            referencePosition(reference, price, chosen, EMPTY_ACTIONS),
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('adds up a worked example', () => {
    const ledger = addTrades(EMPTY_POSITION_LEDGER, [
      buy('1', 1, '100000', '0.002', { commission: '0.2', commissionAsset: 'QUOTE' }), // in 200 + 0.2
      buy('2', 2, '90000', '0.003'), // in 270
      sell('3', 3, '110000', '0.001', { commission: '0.11', commissionAsset: 'QUOTE' }), // out 110 − 0.11
    ]);
    expect(fixedText(ledger.amount)).toBe('0.004'); // 0.002 + 0.003 − 0.001
    expect(fixedText(ledger.quoteIn)).toBe('470.2'); // 200.2 + 270
    expect(fixedText(ledger.quoteOut)).toBe('109.89');
    // (100000 × 0.002 + 90000 × 0.003) / 0.005 = 470 / 0.005 = 94000
    expect(fixedText(ledgerEntryPrice(ledger))).toBe('94000');
    expect(ledger.first?.id).toBe('1');
    expect(ledger.last?.id).toBe('3');
    expect(isLedgerClosed(ledger)).toBe(false);
    // selling 0.0039 leaves 0.0001 < 0.0002 BTC: closed
    expect(isLedgerClosed(addTrades(ledger, [sell('4', 4, '110000', '0.0039')]))).toBe(true);
  });

  it('keeps its own normalised copies and never changes a ledger it was given', () => {
    const trade = { ...buy('1', 1, '100', '0.01'), commission: '7.5e-7' };
    const ledger = addTrades(EMPTY_POSITION_LEDGER, [trade]);
    expect(ledger.first).not.toBe(trade);
    expect(ledger.first?.commission).toBe('0.00000075');
    addTrades(ledger, [sell('2', 2, '100', '0.005')]);
    expect(fixedText(ledger.amount)).toBe('0.00999925'); // 0.01 − the 0.00000075 BTC fee, not − 0.005
    expect(fixedText(EMPTY_POSITION_LEDGER.amount)).toBe('0');
  });

  it('rejects a malformed trade (INVALID_TRADE) and an empty ledger (POSITION_WITHOUT_BUY)', () => {
    expect(() => addTrades(EMPTY_POSITION_LEDGER, [{ ...buy('1', 1, '100', '0.01'), price: '-1' }])).toThrow(
      expect.objectContaining({ errorName: 'INVALID_TRADE' }),
    );
    expect(() => positionFromLedger(EMPTY_POSITION_LEDGER, '1', strategy, EMPTY_ACTIONS)).toThrow(
      expect.objectContaining({ errorName: 'POSITION_WITHOUT_BUY' }),
    );
    const ledger = addTrades(EMPTY_POSITION_LEDGER, [buy('1', 1, '100', '0.01')]);
    expect(() => positionFromLedger(ledger, '0', strategy, EMPTY_ACTIONS)).toThrow(
      expect.objectContaining({ errorName: 'INVALID_STRATEGY_INPUT' }),
    );
  });

  it('recomputes the level prices when the entry or the levels change (and hands out copies)', () => {
    const ledger = addTrades(EMPTY_POSITION_LEDGER, [buy('1', 1, '100000', '0.01')]);
    const swing = positionFromLedger(ledger, '1', strategy, EMPTY_ACTIONS);
    // 100000 × 1.03, × 1.06, × 1.09, × 1.12, × 1.15 (the swing trader's gains)
    expect(swing.decreasePriceLevels).toEqual(['103000', '106000', '109000', '112000', '115000']);
    swing.decreasePriceLevels[0] = 'changed';
    const scalper = freezeStrategy(STRATEGY_TEMPLATES.SCALPER);
    // × 1.015, 1.035, 1.055, 1.075, 1.10
    expect(positionFromLedger(ledger, '1', scalper, EMPTY_ACTIONS).decreasePriceLevels).toEqual([
      '101500',
      '103500',
      '105500',
      '107500',
      '110000',
    ]);
    expect(positionFromLedger(ledger, '1', strategy, EMPTY_ACTIONS).decreasePriceLevels[0]).toBe('103000');
    const added = addTrades(ledger, [buy('2', 2, '80000', '0.01')]); // entry 90000
    expect(positionFromLedger(added, '1', strategy, EMPTY_ACTIONS).decreasePriceLevels[0]).toBe('92700');
  });
});
