import {
  CANDLE_INTERVALS,
  coinsConfigSchema,
  liquidityConfigSchema,
  reversalConfigSchema,
  serverAlarmsConfigSchema,
  settingLabel,
  strategyConfigSchema,
  windowConfigSchema,
} from '@balancer/core';
import type { ConfigSchema, FieldSpec } from './form-values';

/** One adjustable config: where it is read and saved, its shared schema and its fields. */
export interface ConfigSpec {
  id: string;
  title: string;
  description: string;
  /** GET answers the config; PUT takes `{newConfig}` with the otp-token header (authority 3). */
  path: string;
  schema: ConfigSchema;
  fields: FieldSpec[];
}

const num = (path: string, label: string, hint?: string): FieldSpec => ({
  path,
  label,
  kind: 'number',
  hint,
});
const PCT = '% change, 0.01–100';
/** The state requirements the window and the coins share. */
const REQUIREMENT_FIELDS: FieldSpec[] = [
  num('requirement', 'Requirement', PCT),
  num('strongRequirement', 'Strong requirement', `${PCT}, above the requirement`),
];

/** A strategy setting, labelled by core's one label map (the lab and refusals use it too). */
const strategyNum = (path: string, hint: string) => num(path, settingLabel(path), hint);

const LEVEL_FIELDS: FieldSpec[] = [0, 1, 2, 3, 4].flatMap((i) => [
  strategyNum(`decreaseLevels.${i}.gainRequirement`, 'from 0.1, rising'),
  strategyNum(`decreaseLevels.${i}.percentage`, '1–100, not falling'),
  strategyNum(`decreaseLevels.${i}.frequency`, '3–43,200, not rising'),
]);

export const WINDOW_SPEC: ConfigSpec = {
  id: 'window',
  title: 'Window',
  description: 'The BTC candles the window state is measured on.',
  path: 'market-state/window/config',
  schema: windowConfigSchema,
  fields: [
    num('size', 'Size (candles)', '128–512'),
    { path: 'interval', label: 'Candle interval', kind: 'select', options: CANDLE_INTERVALS },
    num('refetchFrequency', 'Fetch every (s)', '2.5–60'),
    ...REQUIREMENT_FIELDS,
  ],
};

export const LIQUIDITY_SPEC: ConfigSpec = {
  id: 'liquidity',
  title: 'Liquidity',
  description: 'How the order book is scored.',
  path: 'market-state/liquidity/config',
  schema: liquidityConfigSchema,
  fields: [
    num('maxDistanceFromPrice', 'Max distance from price (%)', '0.01–100'),
    ...[1, 2, 3, 4].map((i) => num(`intensityWeights.${i}`, `Intensity ${i} weight`, '1–100')),
  ],
};

export const COINS_SPEC: ConfigSpec = {
  id: 'coins',
  title: 'Coins',
  description: 'The coins followed against the quote asset and against BTC.',
  path: 'market-state/coins/config',
  schema: coinsConfigSchema,
  fields: [
    {
      path: 'whitelist',
      label: 'Whitelist',
      kind: 'list',
      hint: 'symbols separated by commas, BTC included',
    },
    num('limit', 'Coins followed', '1–24'),
    num('size', 'Size (items)', '128–512'),
    num('interval', 'Item interval (s)', '5–60'),
    ...REQUIREMENT_FIELDS,
  ],
};

export const REVERSAL_SPEC: ConfigSpec = {
  id: 'reversal',
  title: 'Reversal',
  description: 'When a crash turns into a reversal event.',
  path: 'market-state/reversal/config',
  schema: reversalConfigSchema,
  fields: [
    num('crashDuration', 'Crash duration (min)', '5–10,080'),
    num('pointsRequirement', 'Points requirement', '50–100'),
    num('weights.liquidity', 'Liquidity weight', '1–100; the three add up to 100'),
    num('weights.coinsQuote', 'Coins (quote) weight', '1–100'),
    num('weights.coinsBase', 'Coins (BTC) weight', '1–100'),
  ],
};

export const STRATEGY_SPEC: ConfigSpec = {
  id: 'strategy',
  title: 'Strategy',
  description: 'When the position grows and when it shrinks.',
  path: 'position/strategy',
  schema: strategyConfigSchema,
  fields: [
    { path: 'canIncrease', label: settingLabel('canIncrease'), kind: 'boolean' },
    { path: 'canDecrease', label: settingLabel('canDecrease'), kind: 'boolean' },
    {
      path: 'increaseAmountQuote',
      label: settingLabel('increaseAmountQuote'),
      kind: 'decimal',
      hint: 'at most 8 decimals',
    },
    strategyNum('increaseGainRequirement', '−99–0; 0 turns the check off'),
    strategyNum('increaseIdleDuration', '1–1,440'),
    {
      path: 'increaseIdleMode',
      label: settingLabel('increaseIdleMode'),
      kind: 'select',
      options: ['incremental', 'fixed'],
    },
    ...LEVEL_FIELDS,
  ],
};

export const SERVER_ALARMS_SPEC: ConfigSpec = {
  id: 'server-alarms',
  title: 'Server alarms',
  description: 'A notification is raised when a sample goes above its threshold.',
  path: 'server/alarms',
  schema: serverAlarmsConfigSchema,
  fields: [
    num('cpu', 'CPU (%)', '30–99'),
    num('memory', 'Memory (%)', '30–99'),
    num('disk', 'Disk (%)', '30–99'),
  ],
};

export const CONFIG_SPECS: readonly ConfigSpec[] = [
  WINDOW_SPEC,
  LIQUIDITY_SPEC,
  COINS_SPEC,
  REVERSAL_SPEC,
  STRATEGY_SPEC,
  SERVER_ALARMS_SPEC,
];
