import { describe, expect, it } from 'vitest';
import type { Position, Trade } from '../positions/types.js';
import { durationText, orderNotice, positionClosedNotice, realisedProfit } from './order-notice.js';
import type { OrderReason } from './order-reason.js';

const assets = { base: 'BTC', quote: 'USDT' };

function fill(
  side: 'BUY' | 'SELL',
  price: string,
  amount: string,
  quoteAmount: string,
  commission: string,
): Trade {
  return { id: '1', side, time: 0, price, amount, quoteAmount, commission, commissionAsset: 'QUOTE' };
}

const sellReason: OrderReason = {
  rule: 'decrease-level',
  level: 2,
  gain: 3.1,
  requirement: 3,
  share: 10,
  wholePosition: false,
  price: '66000',
  amountBase: '0.0002',
  amountQuote: '13.2',
};

describe('order notifications', () => {
  it('tells a sell with its price, quote amount, fee, reason, profit and ROI in the quote code', () => {
    const fills = [
      fill('SELL', '66000', '0.0001', '6.6', '0.0066'),
      fill('SELL', '66200', '0.0001', '6.62', '0.00662'),
    ];
    const profit = realisedProfit(fills, '64000');
    // 13.22 − 0.01322 − 0.0002 × 64000 = 0.40678 → 0.40 (rounded down).
    expect(profit).toBe('0.40');
    const notice = orderNotice({
      transactionId: '7',
      side: 'SELL',
      fills,
      reason: sellReason,
      assets,
      realisedProfit: profit,
      roi: 1.46,
    });
    expect(notice.title).toBe('Transaction succeeded');
    expect(notice.description).toBe(
      [
        'Sold ₿0.00020000 at 66,100.00 USDT for 13.22 USDT, fee 0.01 USDT (transaction 7).',
        'Why: Decrease level 2: gain 3.1 % ≥ 3 %, sold 10 % of the position.',
        'Realised profit +0.40 USDT; position ROI +1.46%.',
      ].join('\n'),
    );
    expect(notice.description).not.toContain('$');
  });

  it('tells a buy without profit, and an order placed before reasons were stored', () => {
    const notice = orderNotice({
      transactionId: '3',
      side: 'BUY',
      fills: [{ ...fill('BUY', '64000', '0.0015', '96', '0.0000015'), commissionAsset: 'BASE' }],
      reason: null,
      assets,
      realisedProfit: null,
      roi: null,
    });
    expect(notice.description).toBe(
      'Bought ₿0.00150000 at 64,000.00 USDT for 96.00 USDT, fee ₿0.00000150 (transaction 3).\nWhy: Reason not recorded (before this version).',
    );
  });

  it('tells a closed position with its result and duration', () => {
    const position = {
      open: 0,
      close: 2 * 86_400_000 + 4 * 3_600_000 + 59_000,
      pnl: '-12.3',
      roi: -1.46,
      amountQuoteIn: '840',
    } as Position;
    expect(positionClosedNotice('3', position, 'USD').description).toBe(
      'Position 3 closed after 2 d 4 h: profit -12.30 USD, ROI -1.46% on 840.00 USD invested.',
    );
    expect(durationText(45 * 60_000)).toBe('45 min');
    expect(durationText(125 * 60_000)).toBe('2 h 5 min');
  });
});
