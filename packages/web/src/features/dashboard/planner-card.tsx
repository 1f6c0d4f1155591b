import type { DecreasePlan, IncreasePlan, Plan } from '@balancer/core';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format-time';
import { formatBitcoin, formatPercent, formatQuote } from '../../lib/locale-number';
import { DecreaseLevels } from './decrease-levels';
import { Row } from './row';

/** What holds an action back, in words (core's IncreaseNoneReason and DecreaseNoneReason). */
const REASONS: Record<string, string> = {
  disabled: 'the setting that turns it off',
  'no-position': 'no open position to sell from',
  'window-state': 'the window state: sells wait for state 2',
  'gain-requirement': "the position's gain, not yet at the requirement",
  idle: 'the wait after the last increase',
  'level-idle': "this level's wait after its last sell",
  'global-idle': 'the wait after the last sell',
  'insufficient-balance': 'too little balance for the order',
  'below-minimum': "an order under the exchange's minimum",
};

/** A reason in words; an unknown one is spelled out rather than shown as an identifier. */
export const reasonText = (reason: string | null): string | null =>
  reason ? (REASONS[reason] ?? reason.replaceAll('-', ' ')) : null;

/** Which constraint sets the increase price, in words. */
const PRICE_SET_BY: Record<NonNullable<IncreasePlan['priceSetBy']>, string> = {
  requirement: 'the gain requirement',
  'strong-state': 'the window reaching state −2',
};

/**
 * "Now" when the time has come. Compared with the plan's own `now` (the tick's time, the replay's
 * on the simulator): core plans a time past `now` exactly while a wait holds the action back.
 */
export const when = (time: number, planNow: number): string =>
  time <= planNow ? 'Now' : formatDateTime(time);

/**
 * When an increase happens: always at a reversal event (the engine buys on nothing else), so the
 * event is named, never "Now"; after the idle wait's end when one still runs.
 */
export const increaseWhen = (plan: IncreasePlan, planNow: number): string =>
  plan.time > planNow
    ? `At the first reversal event after ${formatDateTime(plan.time)}`
    : 'At the next reversal event';

/** When a decrease happens: "Now" only when nothing holds it back; else what it waits for. */
export function decreaseWhen(plan: DecreasePlan, planNow: number, quoteAsset: string): string {
  if (plan.time > planNow) return formatDateTime(plan.time);
  switch (plan.reason) {
    case null:
      return 'Now';
    case 'window-state':
      return 'When the window reaches state 2';
    case 'gain-requirement':
      return `When the price reaches ${formatQuote(plan.price, quoteAsset)}`;
    default:
      return 'Not while held back';
  }
}

const stateText = (state: number): string => (state < 0 ? `−${-state}` : String(state));

/**
 * The window's part for a strong `target` state: already there, or the change it still needs
 * (nothing when the planner names no change and the window is elsewhere).
 */
function WindowRow({
  target,
  windowState,
  change,
}: {
  target: 2 | -2;
  windowState: number | null;
  change: number | null;
}) {
  if (windowState === target) return <Row term="Window">already at state {stateText(target)}</Row>;
  if (change === null) return null;
  return (
    <Row term="Window needs">
      {formatPercent(change)} for state {stateText(target)}
    </Row>
  );
}

function IncreasePart({
  plan,
  planNow,
  windowState,
  quoteAsset,
}: {
  plan: IncreasePlan;
  planNow: number;
  windowState: number | null;
  quoteAsset: string;
}) {
  const verb = plan.action === 'open' ? 'Open a position' : 'Increase the position';
  return (
    <div>
      <h3 className="text-sm font-semibold text-teal-800">
        {plan.enabled ? verb : 'Increases are turned off'}
      </h3>
      {plan.enabled && (
        <dl>
          <Row term="When">{increaseWhen(plan, planNow)}</Row>
          <Row term="At or below">
            {plan.price
              ? `${formatQuote(plan.price, quoteAsset)} (${formatPercent(plan.priceChange ?? 0)})`
              : 'Any price'}
          </Row>
          {plan.priceSetBy !== null && <Row term="Price set by">{PRICE_SET_BY[plan.priceSetBy]}</Row>}
          <Row term="Spend">
            {formatQuote(plan.amountQuote, quoteAsset)} ≈ {formatBitcoin(plan.amountBase)}
          </Row>
          <WindowRow target={-2} windowState={windowState} change={plan.strongStateChange} />
          {/[1-9]/.test(plan.missingQuote) && (
            <Row term="Deposit needed" className="text-red-700">
              {formatQuote(plan.missingQuote, quoteAsset)}
            </Row>
          )}
          {plan.reason && <Row term="Held back by">{reasonText(plan.reason)}</Row>}
          <Row term="Waiting for">a reversal event</Row>
        </dl>
      )}
    </div>
  );
}

function DecreasePart({
  plan,
  planNow,
  windowState,
  quoteAsset,
}: {
  plan: DecreasePlan;
  planNow: number;
  windowState: number | null;
  quoteAsset: string;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-red-700">
        {/* `level` is the index of the level the next sell uses (0 while under level 1). */}
        {plan.enabled ? `Decrease (level ${plan.level + 1})` : 'Decreases are turned off'}
      </h3>
      {plan.enabled && (
        <dl>
          <Row term="When">{decreaseWhen(plan, planNow, quoteAsset)}</Row>
          <Row term="At or above">
            {formatQuote(plan.price, quoteAsset)} ({formatPercent(plan.priceChange)})
          </Row>
          <Row term="Sell">
            {plan.percentage}% ≈ {formatBitcoin(plan.amountBase)}
          </Row>
          <WindowRow target={2} windowState={windowState} change={plan.strongStateChange} />
          {plan.reason && <Row term="Held back by">{reasonText(plan.reason)}</Row>}
        </dl>
      )}
      <DecreaseLevels plan={plan} planNow={planNow} quoteAsset={quoteAsset} />
    </div>
  );
}

/** What the engine does next, at what price and time (core's planner; docs/strategy.md#planner). */
export function PlannerCard({
  plan,
  windowState,
  quoteAsset,
}: {
  plan: Plan | null;
  windowState: number | null;
  /** Quote amounts are written in it (USDT is not "$"). */
  quoteAsset: string;
}) {
  return (
    <Card className="min-w-0" title="Planner">
      {plan ? (
        <div className="flex flex-col gap-4">
          <IncreasePart
            plan={plan.increase}
            planNow={plan.now}
            windowState={windowState}
            quoteAsset={quoteAsset}
          />
          {plan.decrease && (
            <DecreasePart
              plan={plan.decrease}
              planNow={plan.now}
              windowState={windowState}
              quoteAsset={quoteAsset}
            />
          )}
        </div>
      ) : (
        <p className="text-sm text-neutral-600">The plan appears after the engine's first tick.</p>
      )}
    </Card>
  );
}
