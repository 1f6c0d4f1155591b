import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UNSET_LINKS } from '../../../lib/links';
import { TEST_LINKS } from '../../../testing/project-links';
import { MonitoringSection } from './monitoring-section';
import { PlannerSection } from './planner-section';
import { renderSection } from './test-render-section';

describe('PlannerSection', () => {
  it('is a carousel of the two plans with lazy, sized screenshots', () => {
    renderSection(<PlannerSection />);
    const carousel = screen.getByRole('region', { name: 'Position planner examples' });
    const slides = within(carousel).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 2: Plan to increase a position',
      '2 of 2: Plan to decrease a position',
    ]);
    for (const image of within(carousel).getAllByRole('img')) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '1200');
      expect(image).toHaveAttribute('height', '700');
      expect(image.getAttribute('alt')).toMatch(/^Backtest of the Eager Scalper strategy on real Binance/);
    }
  });

  it('links the source code in a new tab and opens the videos notice', async () => {
    const { opened } = renderSection(<PlannerSection />);
    const link = screen.getByRole('link', { name: 'Get the product' });
    expect(link).toHaveAttribute('href', TEST_LINKS.sourceCodeUrl);
    expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('button', { name: 'Videos' }));
    expect(opened).toEqual([{ kind: 'under-construction' }]);
  });

  it('has no "Get the product" link when no SOURCE_CODE_URL is configured', () => {
    renderSection(<PlannerSection />, UNSET_LINKS);
    expect(screen.queryByRole('link', { name: 'Get the product' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Videos' })).toBeInTheDocument();
  });
});

describe('MonitoringSection', () => {
  it('shows the tagline and one lazy screenshot', () => {
    renderSection(<MonitoringSection />);
    expect(screen.getByText('Analyze your performance and tune your strategy')).toBeInTheDocument();
    const image = screen.getByRole('img');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image.getAttribute('alt')).toMatch(/equity of 10,000 USDT/);
  });
});
