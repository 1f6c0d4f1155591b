import {
  CANDLE_INTERVAL_MS,
  CANDLE_INTERVALS,
  SPLIT_PERCENTAGE_LIST,
  splitSize,
  DEFAULT_WINDOW_CONFIG as W,
} from '@balancer/core';
import { signedPercent, type TopicBody } from './types';

const hours = (W.size * CANDLE_INTERVAL_MS[W.interval]) / 3_600_000;
const splitSizes = SPLIT_PERCENTAGE_LIST.map((percentage) => splitSize(W.size, percentage));

export const windowTopic: TopicBody = {
  summary: [
    `The Window indicator follows the last ${W.size} candles of ${W.interval} of Bitcoin on your exchange (about ${hours} hours) and sums up their trend as a state from −2 (decreasing strongly) to 2 (increasing strongly).`,
    'A state of −2 starts the search for a reversal (a chance to buy); a state of 2 lets the strategy sell part of a profitable position.',
  ],
  sections: [
    {
      heading: 'The data',
      paragraphs: [
        `By default the window holds ${W.size} candles of ${W.interval} (about ${hours} hours). The engine fetches the latest candles every ${W.refetchFrequency} seconds: the last candle is refreshed while it is open, a new candle pushes the oldest one out, and anything unexpected reloads the whole window and notifies you.`,
      ],
    },
    {
      heading: 'Eight splits',
      paragraphs: [
        `The window is cut into eight splits holding the most recent ${SPLIT_PERCENTAGE_LIST.join(' %, ')} % of its candles (${splitSizes.join(', ')} candles). Every split counts once, so the recent candles, which sit in every split, weigh the most.`,
        'A split’s change is the percentage move from its first close to its last close.',
      ],
    },
    {
      heading: 'States',
      items: [
        `2 Increasing strongly: a change of at least ${signedPercent(W.strongRequirement)}`,
        `1 Increasing: at least ${signedPercent(W.requirement)}`,
        `0 Sideways: between ${signedPercent(-W.requirement)} and ${signedPercent(W.requirement)}`,
        `−1 Decreasing: at most ${signedPercent(-W.requirement)}`,
        `−2 Decreasing strongly: at most ${signedPercent(-W.strongRequirement)}`,
      ],
      paragraphs: [
        'The window’s state is the mean of the eight split states, rounded: 1.5 or more gives 2, 0.75 or more gives 1, −1.5 or less gives −2, −0.75 or less gives −1, anything else 0.',
      ],
    },
    {
      heading: 'Your settings',
      paragraphs: [
        `Operators can change the window in Adjustments: 128 to 512 candles, an interval of ${CANDLE_INTERVALS.join(', ')}, a fetch every 2.5 to 60 seconds, and the two change requirements (the strong one above the other).`,
      ],
    },
  ],
};
