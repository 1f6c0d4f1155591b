import { STRATEGY_TEMPLATES } from '@balancer/core';

/** A strategy template as the choosers show it (Adjustments, the lab's new backtest). */
export interface Template {
  id: string;
  label: string;
  config: unknown;
}

const TEMPLATE_LABELS: Record<string, string> = {
  EAGER_SCALPER: 'Eager Scalper',
  SCALPER: 'Scalper',
  EAGER_SWING_TRADER: 'Eager Swing Trader',
  SWING_TRADER: 'Swing Trader',
};

export const STRATEGY_TEMPLATE_OPTIONS: readonly Template[] = Object.entries(STRATEGY_TEMPLATES).map(
  ([id, config]) => ({ id, label: TEMPLATE_LABELS[id] ?? id, config }),
);
