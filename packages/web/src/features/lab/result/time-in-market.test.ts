import { describe, expect, it } from 'vitest';
import { fill, labReport, START } from '../test-report';
import { coveredShare, fillsTimeInMarket, positionsTimeInMarket } from './time-in-market';

describe('coveredShare', () => {
  it('counts overlaps once and cuts what lies outside the period', () => {
    expect(
      coveredShare(
        [
          { from: 0, to: 40 },
          { from: 20, to: 60 },
        ],
        0,
        100,
      ),
    ).toBe(0.6);
    expect(
      coveredShare(
        [
          { from: -50, to: 10 },
          { from: 90, to: 200 },
        ],
        0,
        100,
      ),
    ).toBe(0.2);
    expect(
      coveredShare(
        [
          { from: 10, to: 20 },
          { from: 12, to: 15 },
        ],
        0,
        100,
      ),
    ).toBe(0.1);
    expect(coveredShare([], 0, 100)).toBe(0);
    expect(coveredShare([{ from: 0, to: 10 }], 5, 5)).toBe(0);
  });
});

describe('time in market', () => {
  it("spans the strategy's positions, an open one to the end", () => {
    const report = labReport();
    const end = Date.parse(report.data.end);
    // 12 h closed + 24 h open out of 48 h.
    expect(positionsTimeInMarket(report.strategy.positions, START, end)).toBe(0.75);
  });

  it('follows the BTC a baseline holds: from a buy until sells bring it back to zero', () => {
    const h = 3_600_000;
    const fills = [
      fill({ id: '1', side: 'BUY', timeMs: START + 10 * h, amount: '0.3' }),
      fill({ id: '2', side: 'SELL', timeMs: START + 20 * h, amount: '0.1' }),
      fill({ id: '3', side: 'SELL', timeMs: START + 30 * h, amount: '0.2' }),
      fill({ id: '4', side: 'BUY', timeMs: START + 90 * h, amount: '0.1' }),
    ];
    expect(fillsTimeInMarket(fills, START, START + 100 * h)).toBeCloseTo(0.3, 12);
    expect(fillsTimeInMarket([], START, START + h)).toBe(0);
  });
});
