import {
  DEFAULT_LIQUIDITY_CONFIG as L,
  DEFAULT_REVERSAL_CONFIG as R,
  THRESHOLDS_REFRESH_MS,
} from '@balancer/core';
import type { TopicBody } from './types';

const weights = L.intensityWeights;

export const liquidityTopic: TopicBody = {
  summary: [
    `The Liquidity indicator reads your exchange’s order book within ${L.maxDistanceFromPrice} % of the price and measures which side is heavier: buyers (bids) or sellers (asks). Its result, the bid dominance, runs from 0 (only sellers) to 100 (only buyers).`,
  ],
  sections: [
    {
      heading: 'The order book',
      paragraphs: [
        'The engine keeps a local copy of the book: a full snapshot refreshed regularly plus the exchange’s stream of changes where it offers one. Each tick it takes the asks up to the distance above the price and the bids down to the distance below it, with the level prices grouped to whole units.',
      ],
    },
    {
      heading: 'Intensity',
      paragraphs: [
        `Every level gets an intensity from 0 to 4 by comparing its size with thresholds derived from the average level size, the smallest and the largest (recomputed at most every ${THRESHOLDS_REFRESH_MS / 1000} seconds). Each level adds points to its side:`,
      ],
      items: [
        `Intensity 1: ${weights[1]} point(s)`,
        `Intensity 2: ${weights[2]} points`,
        `Intensity 3: ${weights[3]} points`,
        `Intensity 4: ${weights[4]} points`,
      ],
    },
    {
      heading: 'Bid dominance',
      paragraphs: [
        'Bid dominance = bid points × 100 ÷ (bid points + ask points). When neither side scores, it is 50 (neutral) and marked as such.',
        `During a crash it gives up to ${R.weights.liquidity} of the 100 reversal points: the more buyers dominate, the more points.`,
      ],
    },
    {
      heading: 'Your settings',
      paragraphs: [
        'Operators can change the distance from the price (0.01 to 100 %) and the four intensity weights (whole numbers from 1 to 100) in Adjustments.',
      ],
    },
  ],
};
