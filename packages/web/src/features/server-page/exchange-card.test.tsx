import type { AppEssentials, ExchangeConfig } from '@balancer/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { essentials } from '../../essentials/fixtures';
import { renderSignedIn } from '../../testing/render-signed-in';
import { ExchangeCard } from './exchange-card';

/** Binance live, with the fixture's market: BTC/USDT, steps 0.00001 BTC and 0.01 USDT, 5 USDT, 0.1 % in BTC. */
const BINANCE_LIVE: ExchangeConfig = {
  ...essentials().exchangeConfig,
  name: 'binance (live)',
  simulated: false,
  replay: false,
  venue: { id: 'binance', displayName: 'Binance', kind: 'live', sandbox: false },
};

function withExchange(exchangeConfig: ExchangeConfig): AppEssentials {
  return essentials({ exchangeConfig });
}

/** The card's label/value pairs, as the operator reads them. */
async function facts(): Promise<Record<string, string>> {
  const card = await screen.findByRole('region', { name: 'Exchange' });
  const pairs: Record<string, string> = {};
  for (const term of within(card).getAllByRole('term')) {
    pairs[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  }
  return pairs;
}

describe('ExchangeCard', () => {
  it('names a live exchange as real money and gives its market rules in words', async () => {
    renderSignedIn(<ExchangeCard />, withExchange(BINANCE_LIVE));
    expect(await screen.findByTestId('exchange-headline')).toHaveTextContent('Binance (live, real money)');
    expect(await facts()).toEqual({
      Exchange: 'Binance',
      Trading: 'Live orders: real money',
      Market: 'BTC/USDT',
      'Smallest order': '0.00001 BTC and 5 USDT',
      'Amount step': '0.00001 BTC',
      'Price step': '0.01 USDT',
      Fee: '0.1 %, charged in BTC on a buy',
    });
    expect(screen.queryByRole('note')).toBeNull(); // no "not real money" note
  });

  it('labels a sandbox as not real money, and writes a quote-asset fee and large figures grouped', async () => {
    renderSignedIn(
      <ExchangeCard />,
      withExchange({
        ...BINANCE_LIVE,
        name: 'okx (sandbox — not real money)',
        simulated: true,
        venue: { id: 'okx', displayName: 'OKX', kind: 'live', sandbox: true },
        quoteAsset: 'EUR',
        market: {
          symbol: 'BTC/EUR',
          amountStep: '0.00000001',
          minAmount: '0.00001',
          minNotional: '1000',
          priceStep: '0.1',
          takerFeePercent: '0.26',
          buyFeeAsset: 'EUR',
        },
      }),
    );
    expect(await screen.findByTestId('exchange-headline')).toHaveTextContent('OKX (sandbox, not real money)');
    expect(screen.getByRole('note')).toHaveTextContent('Not real money');
    const shown = await facts();
    expect(shown['Smallest order']).toBe('0.00001 BTC and 1,000 EUR');
    expect(shown['Amount step']).toBe('0.00000001 BTC'); // every digit, not rounded to 2 places
    expect(shown.Fee).toBe('0.26 %, charged in EUR on a buy');
  });

  it('says the simulator and paper trading are not real money', async () => {
    const { unmount } = renderSignedIn(<ExchangeCard />, essentials()); // the fixture's simulator
    expect(await screen.findByTestId('exchange-headline')).toHaveTextContent('Simulator (not real money)');
    expect((await facts()).Trading).toBe('Replayed prices, simulated fills: not real money');
    expect(screen.getByRole('note')).toHaveTextContent('Not real money');
    unmount();

    renderSignedIn(
      <ExchangeCard />,
      withExchange({
        ...BINANCE_LIVE,
        name: 'paper on kraken (simulated fills)',
        simulated: true,
        venue: { id: 'kraken', displayName: 'Kraken', kind: 'paper', sandbox: false },
      }),
    );
    expect(await screen.findByTestId('exchange-headline')).toHaveTextContent(
      'Kraken (paper trading, not real money)',
    );
    expect(screen.getByRole('note')).toBeInTheDocument();
  });

  it('says what the exchange does not report, and waits for the first tick for the rules', async () => {
    const { unmount } = renderSignedIn(
      <ExchangeCard />,
      withExchange({
        ...BINANCE_LIVE,
        market: { ...BINANCE_LIVE.market!, minNotional: '0', priceStep: null, takerFeePercent: null },
      }),
    );
    const shown = await facts();
    expect(shown['Smallest order']).toBe('0.00001 BTC'); // no minimum value
    expect(shown['Price step']).toBe('not reported');
    expect(shown.Fee).toBe('not reported');
    unmount();

    renderSignedIn(<ExchangeCard />, withExchange({ ...BINANCE_LIVE, market: null }));
    expect((await facts()).Market).toBe('BTC/USDT');
    expect(screen.getByText(/read at the engine’s first tick/)).toBeInTheDocument();
  });
});
