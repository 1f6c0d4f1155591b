import type { DecreasePlan, IncreasePlan, Plan } from '@balancer/core';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format-time';
import { formatBitcoin, formatDollars, formatPercent } from '../../lib/locale-number';
import { DecreaseLevels } from './decrease-levels';
import { Row } from './row';

/** Reasons read as sentences; unknown ones are shown as the server names them. */
const reasonText = (reason: string | null): string | null => (reason ? reason.replaceAll('-', ' ') : null);

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
}: {
  plan: IncreasePlan;
  planNow: number;
  windowState: number | null;
}) {
  const verb = plan.action === 'open' ? 'Open a position' : 'Increase the position';
  return (
    <div>
      <h3 className="text-sm font-semibold text-teal-800">
        {plan.enabled ? verb : 'Increases are turned off'}
      </h3>
      {plan.enabled && (
        <dl>
          <Row term="When">{when(plan.time, planNow)}</Row>
          <Row term="At or below">
            {plan.price
              ? `${formatDollars(plan.price)} (${formatPercent(plan.priceChange ?? 0)})`
              : 'Any price'}
          </Row>
          {plan.priceSetBy !== null && <Row term="Price set by">{PRICE_SET_BY[plan.priceSetBy]}</Row>}
          <Row term="Spend">
            {formatDollars(plan.amountQuote)} ≈ {formatBitcoin(plan.amountBase)}
          </Row>
          <WindowRow target={-2} windowState={windowState} change={plan.strongStateChange} />
          {/[1-9]/.test(plan.missingQuote) && (
            <Row term="Deposit needed" className="text-red-700">
              {formatDollars(plan.missingQuote)}
            </Row>
          )}
          <Row term={plan.reason ? 'Held back by' : 'Waiting for'}>
            {reasonText(plan.reason) ?? 'a reversal event'}
          </Row>
        </dl>
      )}
    </div>
  );
}

function DecreasePart({
  plan,
  planNow,
  windowState,
}: {
  plan: DecreasePlan;
  planNow: number;
  windowState: number | null;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-red-700">
        {/* `level` is the index of the level the next sell uses (0 while under level 1). */}
        {plan.enabled ? `Decrease (level ${plan.level + 1})` : 'Decreases are turned off'}
      </h3>
      {plan.enabled && (
        <dl>
          <Row term="When">{when(plan.time, planNow)}</Row>
          <Row term="At or above">
            {formatDollars(plan.price)} ({formatPercent(plan.priceChange)})
          </Row>
          <Row term="Sell">
            {plan.percentage}% ≈ {formatBitcoin(plan.amountBase)}
          </Row>
          <WindowRow target={2} windowState={windowState} change={plan.strongStateChange} />
          {plan.reason && <Row term="Held back by">{reasonText(plan.reason)}</Row>}
        </dl>
      )}
      <DecreaseLevels plan={plan} planNow={planNow} />
    </div>
  );
}

/** What the engine does next, at what price and time (core's planner; docs/strategy.md#planner). */
export function PlannerCard({ plan, windowState }: { plan: Plan | null; windowState: number | null }) {
  return (
    <Card className="min-w-0" title="Planner">
      {plan ? (
        <div className="flex flex-col gap-4">
          <IncreasePart plan={plan.increase} planNow={plan.now} windowState={windowState} />
          {plan.decrease && (
            <DecreasePart plan={plan.decrease} planNow={plan.now} windowState={windowState} />
          )}
        </div>
      ) : (
        <p className="text-sm text-neutral-600">The plan appears after the engine's first tick.</p>
      )}
    </Card>
  );
}
