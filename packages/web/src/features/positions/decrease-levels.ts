import type { PositionAction, PositionRecord } from './types';

/** One decrease level of the position dialog: 'Level N', its price and its sells. */
export interface DecreaseLevel {
  /** 1-based, as shown ('Level 1' is the first, lowest gain). */
  level: number;
  /** Quote per BTC at which this level sells; null when the server sent no price for it. */
  price: string | null;
  actions: PositionAction[];
}

/**
 * The decrease actions grouped per level. Levels come from whichever list is longer,
 * so a level with a price but no sell yet still shows (count 0), and sells of a level without a
 * price are not lost.
 */
export function decreaseLevels(
  position: Pick<PositionRecord, 'decrease_actions' | 'decrease_price_levels'>,
): DecreaseLevel[] {
  const count = Math.max(position.decrease_actions.length, position.decrease_price_levels.length);
  return Array.from({ length: count }, (_, index) => ({
    level: index + 1,
    price: position.decrease_price_levels[index] ?? null,
    actions: position.decrease_actions[index] ?? [],
  }));
}

/** 'No actions', '1 action', '3 actions'. */
export function actionCountLabel(count: number): string {
  if (count === 0) return 'No actions';
  return `${count} ${count === 1 ? 'action' : 'actions'}`;
}
