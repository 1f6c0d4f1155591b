import type { InfoTopic } from '../dialog-context';

/** Every info topic in the order the landing page presents them. */
export const INFO_TOPICS: readonly InfoTopic[] = [
  'window',
  'liquidity',
  'coins',
  'reversal',
  'strategy',
  'terms',
];

/**
 * Titles and descriptions stay in the first-load bundle (the dialog needs them at once); the
 * bodies, which read the real defaults from @balancer/core, load with the dialog.
 */
export const TOPIC_HEADINGS: Readonly<Record<InfoTopic, { title: string; description: string }>> = {
  window: { title: 'Window', description: 'Price and trend over a dynamic window of candles' },
  liquidity: { title: 'Liquidity', description: 'Buy and sell order activity in the order book' },
  coins: { title: 'Coins', description: 'Capital flow across the crypto market' },
  reversal: { title: 'Reversal', description: 'The likelihood of a reversal after a crash' },
  strategy: { title: 'Strategy', description: 'When positions grow and when they shrink' },
  terms: { title: 'Terms', description: 'The terms of use of the platform' },
};
