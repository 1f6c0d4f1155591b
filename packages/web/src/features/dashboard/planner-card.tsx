import {
  type DecreasePlan,
  formatBitcoin,
  formatDollars,
  formatPercent,
  type IncreasePlan,
  type Plan,
} from '@balancer/core';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format-time';
import { Row } from './row';

/** Reasons read as sentences; unknown ones are shown as the server names them. */
const reasonText = (reason: string | null): string | null => (reason ? reason.replaceAll('-', ' ') : null);

/** Which constraint sets the increase price, in words. */
const PRICE_SET_BY: Record<NonNullable<IncreasePlan['priceSetBy']>, string> = {
  requirement: 'the gain requirement',
  'strong-state': 'the window reaching state −2',
};

/** "now" when the time has come (the planner answers now when a wait has passed). */
const when = (time: number, serverTime: number): string =>
  time <= serverTime ? 'Now' : formatDateTime(time);

function IncreasePart({ plan, serverTime }: { plan: IncreasePlan; serverTime: number }) {
  const verb = plan.action === 'open' ? 'Open a position' : 'Increase the position';
  return (
    <div>
      <h3 className="text-sm font-semibold text-teal-800">
        {plan.enabled ? verb : 'Increases are turned off'}
      </h3>
      {plan.enabled && (
        <dl>
          <Row term="When">{when(plan.time, serverTime)}</Row>
          <Row term="At or below">
            {plan.price
              ? `${formatDollars(plan.price)} (${formatPercent(plan.priceChange ?? 0)})`
              : 'Any price'}
          </Row>
          {plan.priceSetBy !== null && <Row term="Price set by">{PRICE_SET_BY[plan.priceSetBy]}</Row>}
          <Row term="Spend">
            {formatDollars(plan.amountQuote)} ≈ {formatBitcoin(plan.amountBase)}
          </Row>
          {plan.strongStateChange !== null && (
            <Row term="Window needs">{formatPercent(plan.strongStateChange)} for state −2</Row>
          )}
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

function DecreasePart({ plan, serverTime }: { plan: DecreasePlan; serverTime: number }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-red-700">
        {plan.enabled ? `Decrease (level ${plan.level || 1})` : 'Decreases are turned off'}
      </h3>
      {plan.enabled && (
        <dl>
          <Row term="When">{when(plan.time, serverTime)}</Row>
          <Row term="At or above">
            {formatDollars(plan.price)} ({formatPercent(plan.priceChange)})
          </Row>
          <Row term="Sell">
            {plan.percentage}% ≈ {formatBitcoin(plan.amountBase)}
          </Row>
          {plan.strongStateChange !== null && (
            <Row term="Window needs">{formatPercent(plan.strongStateChange)} for state 2</Row>
          )}
          {plan.reason && <Row term="Held back by">{reasonText(plan.reason)}</Row>}
        </dl>
      )}
    </div>
  );
}

/** What the engine does next, at what price and time (core's planner; docs/engine.md). */
export function PlannerCard({ plan, serverTime }: { plan: Plan | null; serverTime: number }) {
  return (
    <Card className="min-w-0" title="Planner">
      {plan ? (
        <div className="flex flex-col gap-4">
          <IncreasePart plan={plan.increase} serverTime={serverTime} />
          {plan.decrease && <DecreasePart plan={plan.decrease} serverTime={serverTime} />}
        </div>
      ) : (
        <p className="text-sm text-neutral-600">The plan appears after the engine's first tick.</p>
      )}
    </Card>
  );
}
