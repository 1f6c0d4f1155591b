import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UNSET_LINKS } from '../../../lib/links';
import { TEST_LINKS } from '../../../testing/project-links';
import { faqItems } from './faq-items';
import { FaqSection } from './faq-section';
import { renderSection } from './test-render-section';

const FAQ_ITEMS = faqItems(TEST_LINKS);

const questions = () =>
  within(screen.getByRole('region', { name: 'Frequently asked questions' }))
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('aria-expanded'));

describe('FaqSection', () => {
  it('shows the first 5 questions, then all 11 after View all', async () => {
    renderSection(<FaqSection />);
    expect(questions().map((q) => q.textContent)).toEqual(FAQ_ITEMS.slice(0, 5).map((i) => i.question));
    await userEvent.click(screen.getByRole('button', { name: 'View all' }));
    expect(questions()).toHaveLength(11);
    expect(questions().map((q) => q.textContent)).toEqual(FAQ_ITEMS.map((i) => i.question));
    expect(screen.queryByRole('button', { name: 'View all' })).toBeNull();
  });

  it('keeps at most one answer open and closes it on a second click', async () => {
    renderSection(<FaqSection />);
    const [first, second] = questions();
    await userEvent.click(first!);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(FAQ_ITEMS[0]!.answer[0]!)).toBeVisible();
    await userEvent.click(second!);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(second!);
    expect(questions().every((q) => q.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('asks the 11 questions of the spec in its order', () => {
    expect(FAQ_ITEMS.map((i) => i.question)).toEqual([
      'What is Balancer?',
      'How does it work?',
      'What are the benefits?',
      'How much does it cost?',
      'Is it secure?',
      'Where is my data kept?',
      'Is it open source?',
      'Which exchanges are supported?',
      'How do I get started?',
      'Can I use other strategies?',
      'How do I get support?',
    ]);
  });

  it('answers supported exchanges as supported, partial and planned, true of this build', () => {
    const answer = FAQ_ITEMS.find((item) => item.question === 'Which exchanges are supported?')!.answer;
    expect(answer[0]).toBe(
      'Supported: Binance, Kraken, OKX, Bitfinex and Coinbase, for market data, paper trading and live trading.',
    );
    expect(answer[1]).toBe(
      'Partially supported: none. Live trading is enabled on an exchange only once its signed API is tested end to end.',
    );
    expect(answer[2]).toBe('Planned: none. This build names no further exchange.');
  });

  it('gives the configured source code, issues and contact addresses', async () => {
    renderSection(<FaqSection />);
    await userEvent.click(screen.getByRole('button', { name: 'View all' }));
    await userEvent.click(screen.getByRole('button', { name: 'How do I get support?' }));
    expect(
      screen.getByText(
        `Open an issue at ${TEST_LINKS.sourceCodeUrl}/issues with what you did and what you saw.`,
      ),
    ).toBeVisible();
    expect(screen.getByText('For anything else, write to ops@example.org.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Is it open source?' }));
    expect(screen.getByText(`Its source code: ${TEST_LINKS.sourceCodeUrl}`)).toBeVisible();
  });

  it('says "not configured" for unset addresses, never a placeholder', async () => {
    renderSection(<FaqSection />, UNSET_LINKS);
    await userEvent.click(screen.getByRole('button', { name: 'View all' }));
    await userEvent.click(screen.getByRole('button', { name: 'How do I get support?' }));
    const region = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(region).toHaveTextContent('its address is not configured on this install');
    expect(region).toHaveTextContent('A contact address is not configured on this install.');
    expect(region).not.toHaveTextContent(/@|https?:/);
  });
});
