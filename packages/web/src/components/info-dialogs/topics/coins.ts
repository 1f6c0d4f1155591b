import {
  DEFAULT_COINS_CONFIG as C,
  COIN_STALE_MS,
  COINS_ROTATION_MS,
  DEFAULT_REVERSAL_CONFIG as R,
} from '@balancer/core';
import { signedPercent, type TopicBody } from './types';

const windowMinutes = (C.size * C.interval) / 60;

export const coinsTopic: TopicBody = {
  summary: [
    `The Coins indicator follows the flow of capital across the crypto market: the top ${C.limit} coins by 24-hour volume, each priced in your quote currency (COIN/USD) and in Bitcoin (COIN/BTC), over about ${windowMinutes} minutes of data.`,
  ],
  sections: [
    {
      heading: 'Which coins',
      paragraphs: [
        `The ${C.limit} coins with the highest 24-hour quote volume are picked from a whitelist of ${C.whitelist.length} large coins. The choice is refreshed every ${COINS_ROTATION_MS / 86_400_000} days while the market is not falling and no crash is being watched; a coin without data for ${COIN_STALE_MS / 60_000} minutes is dropped.`,
      ],
    },
    {
      heading: 'Windows and states',
      paragraphs: [
        `Each coin has a window of ${C.size} items of ${C.interval} seconds (about ${windowMinutes} minutes), with the same eight splits and states as the Bitcoin window, but finer requirements: ${signedPercent(C.requirement)} for an increase and ${signedPercent(C.strongRequirement)} for a strong one (and the same below zero). A coin counts only once its window is full.`,
      ],
    },
    {
      heading: 'Two families',
      items: [
        'Quote: each coin against your quote currency. Coins rising in dollars mean money is flowing into crypto.',
        'Base: each coin divided by the Bitcoin price (Bitcoin itself excluded). Coins rising against Bitcoin mean money is leaving Bitcoin for other coins.',
      ],
      paragraphs: [
        `During a crash each family gives up to ${R.weights.coinsQuote} (quote) and ${R.weights.coinsBase} (base) of the 100 reversal points, from the states of the coins’ four shortest splits.`,
      ],
    },
  ],
};
