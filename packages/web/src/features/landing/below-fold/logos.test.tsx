import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExchangesSection } from './exchanges-section';
import { TechnologiesSection } from './technologies-section';
import { renderSection } from './test-render-section';

describe('ExchangesSection', () => {
  it('shows the five exchanges as named slides with what Balancer supports on each', () => {
    renderSection(<ExchangesSection />);
    const carousel = screen.getByRole('region', { name: 'Supported exchanges' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(carousel).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 5: Binance',
      '2 of 5: Bitfinex',
      '3 of 5: Kraken',
      '4 of 5: Coinbase',
      '5 of 5: OKX',
    ]);
    for (const slide of slides) expect(slide).toHaveTextContent('Market data, paper and live trading');
    // Every exchange but Bitfinex (in no openly licensed icon set) shows its mark.
    const marks = slides.map((slide) => slide.querySelector('svg path') !== null);
    expect(marks).toEqual([true, false, true, true, true]);
    for (const name of ['Previous slide', 'Pause the slides', 'Next slide'])
      expect(within(carousel).getByRole('button', { name })).toBeInTheDocument();
  });
});

describe('TechnologiesSection', () => {
  it('shows 24 distinct technologies, each with its name', () => {
    renderSection(<TechnologiesSection />);
    const section = screen.getByRole('region', { name: 'Technologies' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(24);
    const names = items.map((item) => item.textContent);
    expect(new Set(names).size).toBe(24);
    expect(names).toEqual(expect.arrayContaining(['TypeScript', 'React', 'Fastify', 'PostgreSQL']));
  });
});
