import {
  GLOBAL_DECREASE_WAIT_MS,
  MIN_INCREASE_AMOUNT_QUOTE,
  MIN_ORDER_BASE,
  DEFAULT_STRATEGY_CONFIG as S,
  STRATEGY_TEMPLATES,
  type StrategyConfig,
  type StrategyTemplateId,
  WHOLE_POSITION_SHARE,
} from '@balancer/core';
import { signedPercent, type TopicBody } from './types';

const TEMPLATE_NAMES: Record<StrategyTemplateId, string> = {
  EAGER_SCALPER: 'Eager Scalper (the default)',
  SCALPER: 'Scalper',
  EAGER_SWING_TRADER: 'Eager Swing Trader',
  SWING_TRADER: 'Swing Trader',
};

function describeTemplate(id: StrategyTemplateId, config: StrategyConfig): string {
  const gains = config.decreaseLevels.map((level) => level.gainRequirement).join(' / ');
  const minutes = config.decreaseLevels.map((level) => level.frequency).join(' / ');
  return `${TEMPLATE_NAMES[id]}: gains ${gains} %, minutes between sells ${minutes}`;
}

const idleRule =
  S.increaseIdleMode === 'incremental'
    ? `${S.increaseIdleDuration} hours times the number of increases so far`
    : `${S.increaseIdleDuration} hours`;

export const strategyTopic: TopicBody = {
  summary: [
    'Balancer practises value averaging: it opens or grows a position when a reversal follows a crash, adding to a losing position only when the new entry improves the average cost, and it sells in steps that grow in size and frequency as the profit rises.',
  ],
  sections: [
    {
      heading: 'Increase: buy the dip',
      paragraphs: [
        `Only a reversal event can trigger a buy. Each increase spends ${S.increaseAmountQuote} of your quote currency by default (at least ${MIN_INCREASE_AMOUNT_QUOTE}). With a position open, an add also needs the price at least ${-S.increaseGainRequirement} % under the entry price and a wait of ${idleRule} since the last increase.`,
        'With a fixed budget, a good increase amount is the budget divided by 10.',
      ],
    },
    {
      heading: 'Decrease: sell the rally',
      paragraphs: [
        'While the window’s state is 2 (increasing strongly), the highest level the position’s gain has reached sells its share of the position, if it has never sold or its wait has passed:',
      ],
      items: S.decreaseLevels.map(
        (level, i) =>
          `Level ${i + 1}: from ${signedPercent(level.gainRequirement)} gain, sell ${level.percentage} % of the position, at most every ${level.frequency} minutes`,
      ),
    },
    {
      heading: 'Safeguards',
      items: [
        `The smallest order is ${MIN_ORDER_BASE} BTC; a sell that would leave less, or a position worth ${Number(WHOLE_POSITION_SHARE) * 100} % of the increase amount or less, sells the whole position.`,
        `At least ${GLOBAL_DECREASE_WAIT_MS / 60_000} minute passes between two automatic sells.`,
        'Every order carries an id derived from its transaction, so a retry or a restart never places it twice.',
      ],
    },
    {
      heading: 'Templates',
      paragraphs: [
        `Every template sells ${S.decreaseLevels.map((level) => level.percentage).join(', ')} % at its five levels; they differ in gains and pace:`,
      ],
      items: (Object.keys(STRATEGY_TEMPLATES) as StrategyTemplateId[]).map((id) =>
        describeTemplate(id, STRATEGY_TEMPLATES[id]),
      ),
    },
  ],
};
