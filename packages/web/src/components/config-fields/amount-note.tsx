import { DEFAULT_STRATEGY_CONFIG, increaseAmountForBudget } from '@balancer/core';
import { formatDecimal } from '../../lib/locale-number';

const money = (text: string) => formatDecimal(text, { decimalPlaces: 2 });

/** The advised increase amount for a budget (a tenth of it), or null when the budget is not a number. */
function advisedFor(budget: string): string | null {
  try {
    return increaseAmountForBudget(budget);
  } catch {
    return null;
  }
}

/**
 * Why two increase amounts exist, said where a template is chosen (Adjustments and the lab): the
 * templates buy 100 (quote) an increase live, a small first amount until the operator sets theirs;
 * the lab's template backtests and the landing page's images use the advice for their starting
 * cash, a tenth of it (1,000 on 10,000).
 */
export function IncreaseAmountNote({ budget, context }: { budget: string; context: 'live' | 'lab' }) {
  const live = money(DEFAULT_STRATEGY_CONFIG.increaseAmountQuote);
  const advised = advisedFor(budget);
  const advice =
    advised === null ? 'a tenth of the starting cash' : `${money(advised)}, a tenth of ${money(budget)}`;
  return (
    <p className="text-xs text-neutral-600" data-testid="increase-amount-note">
      {context === 'live'
        ? `A template buys ${live} (quote) an increase: a small first amount, set yours in Increase amount. The lab's template backtests and the landing page use the advice for their starting cash instead: ${advice}.`
        : `A template here buys the advice for the starting cash: ${advice} an increase (as the landing page's backtest). Live, a template buys ${live} until you set your own amount.`}
    </p>
  );
}
