import type { CoinsFamilyState, MarketState, SplitState } from '@balancer/core';
import type { ReactNode } from 'react';
import { LearnMoreButton } from '../../components/info-dialogs/learn-more-button';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format-time';
import { formatPercent } from '../../lib/locale-number';
import { MeterBar } from './meter-bar';
import { StateBadge } from './state-badge';
import { stateBadgeClass } from './state-colors';

/** The cards' Learn more: small, to sit beside a state badge in the card's header. */
const LEARN_MORE = 'h-7 px-2 text-xs';

/** The split ids, longest first (100 %, 75 % … 2 % of the window). */
export const SPLIT_ORDER = ['s100', 's75', 's50', 's25', 's15', 's10', 's5', 's2'] as const;

function Splits({ splits, label }: { splits: Record<string, SplitState>; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-4 gap-1.5 sm:grid-cols-8">
      {SPLIT_ORDER.map((id) => {
        const split = splits[id];
        if (!split) return null;
        return (
          <li
            key={id}
            data-split={id}
            className={`rounded px-1 py-1 text-center ${stateBadgeClass(split.state)}`}
          >
            <span className="block text-[11px] font-medium">{id.slice(1)}%</span>
            <span className="block text-xs tabular-nums">{formatPercent(split.change)}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function WindowIndicator({ market }: { market: MarketState }) {
  const { windowState } = market;
  return (
    <Card
      className="min-w-0"
      title="Window"
      actions={
        <>
          <StateBadge state={windowState.state} />
          <LearnMoreButton className={LEARN_MORE} topic="window" title="Window" />
        </>
      }
    >
      <p className="mb-2 text-sm text-neutral-600">
        Change of each split, from its first candle to the last.
      </p>
      <Splits splits={windowState.splitStates} label="Window splits" />
    </Card>
  );
}

export function LiquidityIndicator({ market }: { market: MarketState }) {
  const { bidDominance, neutral } = market.liquidityState;
  return (
    <Card
      className="min-w-0"
      title="Liquidity"
      actions={
        <>
          {neutral && <StateBadge state={0} />}
          <LearnMoreButton className={LEARN_MORE} topic="liquidity" title="Liquidity" />
        </>
      }
    >
      <p className="text-sm text-neutral-600">
        Bid dominance: share of the order book's weight on the buy side.
      </p>
      <MeterBar label="Bid dominance" value={bidDominance} fill="bg-teal-600" track="bg-red-200" />
      <p className="mt-1 flex justify-between text-sm tabular-nums">
        <span>Bids {bidDominance.toFixed(2)}%</span>
        <span>Asks {(100 - bidDominance).toFixed(2)}%</span>
      </p>
    </Card>
  );
}

function Family({ name, family }: { name: string; family: CoinsFamilyState }) {
  const symbols = Object.entries(family.statesBySymbol);
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{name}</h3>
        <StateBadge state={family.state} />
      </div>
      <ul aria-label={`${name} coins`} className="mt-1 flex flex-wrap gap-1">
        {symbols.map(([symbol, state]) => (
          <li
            key={symbol}
            className={`rounded px-1.5 py-0.5 text-[11px] font-medium ${stateBadgeClass(state.state)}`}
          >
            {symbol}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CoinsIndicator({ market, quoteAsset }: { market: MarketState; quoteAsset: string }) {
  return (
    <Card
      className="min-w-0"
      title="Coins"
      actions={<LearnMoreButton className={LEARN_MORE} topic="coins" title="Coins" />}
    >
      <div className="flex flex-col gap-3">
        <Family name={`Against ${quoteAsset}`} family={market.coinsStates.quote} />
        <Family name="Against BTC" family={market.coinsStates.base} />
      </div>
    </Card>
  );
}

/**
 * The crash in progress: the last tick's points (of 100) on a bar with the requirement at which
 * the reversal event fires marked on it; `children` (the points history) below either way.
 */
export function ReversalIndicator({ market, children }: { market: MarketState; children?: ReactNode }) {
  const reversal = market.reversalState ?? null;
  return (
    <Card
      className="min-w-0"
      title="Reversal"
      actions={<LearnMoreButton className={LEARN_MORE} topic="reversal" title="Reversal" />}
    >
      {reversal ? (
        <>
          <p className="text-sm text-neutral-600">
            Crash in progress: the event fires at {reversal.pointsRequirement} points.
          </p>
          <MeterBar
            label={`Reversal points (the event fires at ${reversal.pointsRequirement})`}
            value={reversal.totalPoints}
            fill="bg-teal-600"
            track="bg-neutral-200"
            mark={{ value: reversal.pointsRequirement, label: String(reversal.pointsRequirement) }}
          />
          <p className="mt-1 text-sm tabular-nums">
            {reversal.totalPoints.toFixed(2)} of {reversal.pointsRequirement} points needed (
            {reversal.points.toFixed(2)}% of the requirement)
          </p>
          {reversal.reversalEventTime !== null && (
            <p className="mt-1 text-sm font-medium" data-testid="reversal-event">
              Reversal event fired {formatDateTime(reversal.reversalEventTime)}
              {reversal.reversalEventPoints == null
                ? ''
                : ` at ${reversal.reversalEventPoints.toFixed(2)} points`}
              .
            </p>
          )}
        </>
      ) : (
        <p className="text-sm text-neutral-600">
          No crash in progress: the indicator starts at window state −2.
        </p>
      )}
      {children}
    </Card>
  );
}
