import { DEFAULT_REVERSAL_CONFIG as R, REVERSAL_SPLITS, SPLIT_SCORES } from '@balancer/core';
import type { TopicBody } from './types';

const hours = R.crashDuration / 60;

export const reversalTopic: TopicBody = {
  summary: [
    `When the Bitcoin window reaches state −2 (decreasing strongly), a crash state starts and the Reversal indicator scores, every tick, how likely a rebound is. The first time the score reaches ${R.pointsRequirement} of 100 points, the reversal event fires (once per crash) and the strategy may open or increase the position.`,
  ],
  sections: [
    {
      heading: 'The crash state',
      paragraphs: [
        `A crash state lasts ${R.crashDuration} minutes (${hours} hours), or ends early when the window reaches state 2. For each crash the platform records the highest points, the final points and the time of the reversal event.`,
      ],
    },
    {
      heading: 'Points',
      items: [
        `Liquidity: up to ${R.weights.liquidity} points, growing with the bid dominance (buyers outweighing sellers).`,
        `Coins, quote family: up to ${R.weights.coinsQuote} points.`,
        `Coins, base family: up to ${R.weights.coinsBase} points.`,
      ],
      paragraphs: [
        `A coins family scores the states of every coin’s splits ${REVERSAL_SPLITS.join(', ')}: state 2 scores ${SPLIT_SCORES[2]}, 1 scores ${SPLIT_SCORES[1]}, 0 scores ${SPLIT_SCORES[0]}, −1 scores ${SPLIT_SCORES[-1]} and −2 scores ${SPLIT_SCORES[-2]}; the family gets that share of its weight.`,
        `The dashboard shows the score as a share of the ${R.pointsRequirement} points needed, capped at 100 %.`,
      ],
    },
    {
      heading: 'Your settings',
      paragraphs: [
        'Operators can change the crash duration (5 minutes to 7 days), the points needed (50 to 100) and the three weights (each 1 to 100, adding up to 100) in Adjustments.',
      ],
    },
  ],
};
