import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LabFill, LabPosition } from '../report';
import { PositionsList } from './positions-list';

const position: LabPosition = {
  open: 1_000,
  close: 5_000,
  entryPrice: '100000',
  amount: '0',
  amountQuote: '0',
  amountQuoteIn: '100',
  amountQuoteOut: '101.5',
  pnl: '1.5',
  roi: 1.5,
  gain: 1.5,
  decreasePriceLevels: ['101500', '103500', '105500', '107500', '110000'],
  openTime: '1970-01-01T00:00:01.000Z',
  closeTime: '1970-01-01T00:00:05.000Z',
  trades: 2,
};

function fill(id: string, side: 'BUY' | 'SELL', timeMs: number, rest: Partial<LabFill>): LabFill {
  const time = new Date(timeMs).toISOString();
  return {
    id,
    side,
    time,
    timeMs,
    price: '100000',
    amount: '0.001',
    quoteAmount: '100',
    commission: '0.1',
    level: null,
    ...rest,
  };
}

describe("the Lab result's fills", () => {
  it('say why each was ordered, in the words of the live engine', () => {
    const fills = [
      fill('1', 'BUY', 1_000, {
        reason: {
          rule: 'reversal-event',
          action: 'open',
          points: 81.2,
          requirement: 78,
          gain: null,
          gainRequirement: null,
          price: '100000',
          amountBase: '0.001',
          amountQuote: '100',
        },
      }),
      // A report stored before reasons were: no reason field at all.
      fill('2', 'SELL', 5_000, { level: 1 }),
    ];
    render(<PositionsList positions={[position]} fills={fills} />);
    const table = within(screen.getByRole('list', { name: 'Positions' })).getByRole('table', {
      hidden: true,
    });
    const why = within(table)
      .getAllByRole('row', { hidden: true })
      .slice(1)
      .map((row) => within(row).getAllByRole('cell', { hidden: true }).at(-1)?.textContent);
    expect(why).toEqual([
      'Reversal event: 81.2 points ≥ 78, opened a position',
      'Reason not recorded (before this version)',
    ]);
  });
});
