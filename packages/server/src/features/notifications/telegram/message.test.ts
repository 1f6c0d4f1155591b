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
