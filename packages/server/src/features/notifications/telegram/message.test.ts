import { orderNotice } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { escapeHtml, formatMessage, TELEGRAM_TEXT_LIMIT } from './message.js';

/** The text Telegram shows: tags dropped, the three entities unescaped. */
const visible = (html: string) =>
  html
    .replace(/<\/?(b|i)>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

describe('formatMessage', () => {
  const base = { title: 'Low <balance>', sender: 'planner', description: 'a & b', event_time: 0 };

  it('escapes &, < and > and shows bold title, sender, description and UTC time', () => {
    expect(escapeHtml('<b>&amp;</b>')).toBe('&lt;b&gt;&amp;amp;&lt;/b&gt;');
    expect(formatMessage(base)).toBe(
      '<b>Low &lt;balance&gt;</b>\nfrom <i>planner</i>\n\na &amp; b\n\n1970-01-01T00:00:00.000Z',
    );
  });

  it("sends an order's notification as the app shows it: the same lines, the quote's code", () => {
    const notice = orderNotice({
      transactionId: '2',
      side: 'SELL',
      fills: [
        {
          id: '9',
          side: 'SELL',
          time: 0,
          price: '101701.93',
          amount: '0.00049',
          quoteAmount: '49.83',
          commission: '0.0498',
          commissionAsset: 'QUOTE',
        },
      ],
      reason: null,
      assets: { base: 'BTC', quote: 'USDT' },
      realisedProfit: '-0.14',
      roi: -0.24,
    });
    const shown = visible(formatMessage({ ...notice, sender: 'transaction', event_time: 0 }));
    expect(shown).toContain(`\n\n${notice.description}\n\n`);
    expect(shown).toContain(
      'Sold ₿0.00049000 at 101,693.88 USDT for 49.83 USDT, fee 0.05 USDT (transaction 2).',
    );
    expect(shown).toContain('Realised profit -0.14 USDT; position ROI -0.24%.');
    expect(shown).not.toContain('$');
  });

  it('cuts a long description so the shown text fits 4096 characters', () => {
    const html = formatMessage({ ...base, description: '&'.repeat(10_000) });
    expect(visible(html)).toHaveLength(TELEGRAM_TEXT_LIMIT);
    expect(visible(html)).toMatch(/&…\n\n1970-01-01T00:00:00.000Z$/);
  });

  it('never splits a surrogate pair when cutting', () => {
    const html = formatMessage({ ...base, description: '😀'.repeat(5_000) });
    const shown = visible(html);
    expect(shown.length).toBeLessThanOrEqual(TELEGRAM_TEXT_LIMIT);
    expect(shown).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
