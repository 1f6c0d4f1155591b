import {
  DEFAULT_COINS_CONFIG,
  DEFAULT_LIQUIDITY_CONFIG,
  DEFAULT_REVERSAL_CONFIG,
  DEFAULT_STRATEGY_CONFIG,
  DEFAULT_WINDOW_CONFIG,
} from '@balancer/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectLinks } from '../../lib/links';
import { TEST_LINKS, withLinks } from '../../testing/project-links';
import { type InfoTopic, type LandingDialog, LandingDialogsProvider, useLandingDialogs } from './index';

function Opener({ dialog }: { dialog: LandingDialog }) {
  const dialogs = useLandingDialogs();
  return (
    <button type="button" onClick={() => dialogs.open(dialog)}>
      open
    </button>
  );
}

async function openDialog(dialog: LandingDialog, title: string, links?: ProjectLinks) {
  render(
    withLinks(
      <LandingDialogsProvider>
        <Opener dialog={dialog} />
      </LandingDialogsProvider>,
      links,
    ),
  );
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
  return screen.findByRole('dialog', { name: title });
}

afterEach(() => vi.useRealTimers());

describe('the landing dialogs', () => {
  it('shows the under-construction notice and unmounts 250 ms after closing', async () => {
    const dialog = await openDialog({ kind: 'under-construction' }, 'Under construction');
    expect(dialog).toHaveTextContent(
      'This section is currently under construction and will be available soon. Please check back in a few days.',
    );
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(250)); // DIALOG_CLOSE_DELAY_MS
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Unmounted, it opens afresh.
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('dialog', { name: 'Under construction' })).toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    await openDialog({ kind: 'contact' }, 'Contact');
    vi.useFakeTimers();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    act(() => vi.advanceTimersByTime(250));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends platform problems to the issues page and everything else to the contact address', async () => {
    const dialog = await openDialog({ kind: 'contact' }, 'Contact');
    const issues = screen.getByRole('link', { name: 'open an issue on the code host' });
    expect(issues).toHaveAttribute('href', `${TEST_LINKS.sourceCodeUrl}/issues`);
    expect(issues).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'ops@example.org' })).toHaveAttribute(
      'href',
      'mailto:ops@example.org',
    );
    expect(dialog).toHaveTextContent('write to');
    expect(dialog).not.toHaveTextContent('not configured');
  });

  it('says what is not configured instead of linking a placeholder', async () => {
    const dialog = await openDialog({ kind: 'contact' }, 'Contact', {
      sourceCodeUrl: null,
      contactEmail: null,
    });
    expect(screen.queryByRole('link')).toBeNull();
    expect(dialog).toHaveTextContent('open an issue on the project’s code host');
    expect(dialog).toHaveTextContent('The code host link is not configured on this install.');
    expect(dialog).toHaveTextContent('a contact address is not configured on this install');
  });

  it('shows only the summary in the small info dialog', async () => {
    const dialog = await openDialog({ kind: 'info', topic: 'window', size: 'small' }, 'Window');
    await screen.findByText(/follows the last/);
    expect(dialog).toHaveTextContent('Price and trend over a dynamic window of candles');
    expect(screen.queryByRole('heading', { name: 'Eight splits' })).not.toBeInTheDocument();
  });
});

const W = DEFAULT_WINDOW_CONFIG;
const L = DEFAULT_LIQUIDITY_CONFIG;
const C = DEFAULT_COINS_CONFIG;
const R = DEFAULT_REVERSAL_CONFIG;
const S = DEFAULT_STRATEGY_CONFIG;

/** Text each large topic must show, built from the real defaults (never retyped numbers). */
const EXPECTED: Record<InfoTopic, { title: string; texts: string[] }> = {
  window: {
    title: 'Window',
    texts: [
      `${W.size} candles of ${W.interval}`,
      `every ${W.refetchFrequency} seconds`,
      `at least +${W.strongRequirement} %`,
      `at least +${W.requirement} %`,
      `at most −${W.strongRequirement} %`,
      // 128 candles × 15 min = 1,920 min = 32 h.
      'about 32 hours',
      // ceil(128 × f) for f = 1, .75, .5, .25, .15, .10, .05, .02.
      '(128, 96, 64, 32, 20, 13, 7, 3 candles)',
    ],
  },
  liquidity: {
    title: 'Liquidity',
    texts: [
      `within ${L.maxDistanceFromPrice} % of the price`,
      `Intensity 1: ${L.intensityWeights[1]} point`,
      `Intensity 2: ${L.intensityWeights[2]} points`,
      `Intensity 3: ${L.intensityWeights[3]} points`,
      `Intensity 4: ${L.intensityWeights[4]} points`,
      `up to ${R.weights.liquidity} of the 100 reversal points`,
    ],
  },
  coins: {
    title: 'Coins',
    texts: [
      `the top ${C.limit} coins`,
      `${C.size} items of ${C.interval} seconds`,
      `+${C.requirement} % for an increase and +${C.strongRequirement} %`,
      `whitelist of ${C.whitelist.length} large coins`,
      `up to ${R.weights.coinsQuote} (quote) and ${R.weights.coinsBase} (base)`,
    ],
  },
  reversal: {
    title: 'Reversal',
    texts: [
      `reaches ${R.pointsRequirement} of 100 points`,
      `lasts ${R.crashDuration} minutes`,
      `up to ${R.weights.liquidity} points`,
      `up to ${R.weights.coinsQuote} points`,
    ],
  },
  strategy: {
    title: 'Strategy',
    texts: [
      `spends ${S.increaseAmountQuote} of your quote currency`,
      `at least ${-S.increaseGainRequirement} % under the entry price`,
      `${S.increaseIdleDuration} hours`,
      ...S.decreaseLevels.map(
        (level, i) =>
          `Level ${i + 1}: from +${level.gainRequirement} % gain, sell ${level.percentage} % of the position, at most every ${level.frequency} minutes`,
      ),
    ],
  },
  terms: {
    title: 'Terms',
    texts: [
      'at least 18 years old',
      'laws of Venezuela',
      'free for individuals',
      'commercial use needs a licence',
      'not a broker',
      'no financial advice',
    ],
  },
};

describe('the large info dialog', () => {
  it.each(Object.entries(EXPECTED))('explains %s with the real defaults', async (topic, { title, texts }) => {
    const dialog = await openDialog({ kind: 'info', topic: topic as InfoTopic, size: 'large' }, title);
    await screen.findAllByRole('heading', { level: 3 });
    for (const text of texts) expect(dialog).toHaveTextContent(text);
  });
});
