/*
 * The names a person reads for settings and lab metrics: one map for Adjustments, the lab's
 * forms, tables and heatmap, and the messages of refused settings (`withSettingLabels`), so a
 * screen never shows `decreaseLevels.0.gainRequirement` where Adjustments says "Level 1 gain %".
 */

const LEVEL_LABELS: Record<string, string> = Object.fromEntries(
  [0, 1, 2, 3, 4].flatMap((i) => [
    [`decreaseLevels.${i}.gainRequirement`, `Level ${i + 1} gain %`],
    [`decreaseLevels.${i}.percentage`, `Level ${i + 1} sell %`],
    [`decreaseLevels.${i}.frequency`, `Level ${i + 1} wait (min)`],
  ]),
);

/** The strategy settings, as Adjustments labels them. */
export const STRATEGY_SETTING_LABELS: Readonly<Record<string, string>> = {
  canIncrease: 'Can increase',
  canDecrease: 'Can decrease',
  increaseAmountQuote: 'Increase amount (quote)',
  increaseGainRequirement: 'Increase gain requirement (%)',
  increaseIdleDuration: 'Idle after an increase (h)',
  increaseIdleMode: 'Idle mode',
  decreaseLevels: 'Decrease levels',
  ...LEVEL_LABELS,
};

/** The lab sweep's parameters that are not strategy settings of their own. */
const SWEEP_ONLY_LABELS: Readonly<Record<string, string>> = {
  decreaseGainScale: 'Every level gain % × factor',
  decreasePercentageScale: 'Every level sell % × factor',
  windowSize: 'Window size (candles)',
  windowRequirement: 'Window requirement (%)',
  windowStrongRequirement: 'Window strong requirement (%)',
};

/** What a sweep ranks by (core's LAB_SWEEP_METRICS), in words. */
export const SWEEP_METRIC_LABELS: Readonly<Record<string, string>> = {
  'final-equity': 'Final value',
  irr: 'IRR a year, on the money invested',
  'max-drawdown': 'Max drawdown (smallest first)',
  'return-drawdown': 'Return ÷ max drawdown',
};

const LABELS: Readonly<Record<string, string>> = { ...STRATEGY_SETTING_LABELS, ...SWEEP_ONLY_LABELS };

/**
 * A setting's or sweep parameter's name as a person reads it; an unknown one is spelled out
 * (`someSetting.2` → "some setting 2") rather than shown as an identifier.
 */
export function settingLabel(path: string): string {
  const known = LABELS[path];
  if (known) return known;
  return path
    .replaceAll('.', ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** A sweep metric's name in words. */
export const sweepMetricLabel = (id: string): string => SWEEP_METRIC_LABELS[id] ?? settingLabel(id);

// Longest first, so `decreaseLevels.0.gainRequirement` wins over `decreaseLevels`.
const KNOWN_PATHS = Object.keys(LABELS).sort((a, b) => b.length - a.length);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATH_PATTERN = new RegExp(
  `(?:\\b(?:body|newConfig|config|strategy)\\.)*\\b(${KNOWN_PATHS.map(escapeRegExp).join('|')})\\b`,
  'g',
);

/**
 * A message with every setting path in it (as a refusal names its fields, e.g.
 * `newConfig.decreaseLevels.0.gainRequirement: …`) replaced by the setting's label in quotes.
 */
export function withSettingLabels(message: string): string {
  return message.replace(PATH_PATTERN, (_match, path: string) => `“${LABELS[path]}”`);
}
