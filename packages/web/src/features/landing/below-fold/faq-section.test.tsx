import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAQ_ITEMS } from './faq-items';
import { FaqSection } from './faq-section';
import { renderSection } from './test-render-section';

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
});
