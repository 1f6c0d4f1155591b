import { MarketTime } from './market-time';
import type { PositionAction } from './types';

/** Increase actions, or one decrease level's sells: transaction id, time and the next allowed time. */
export function ActionList({ actions, empty }: { actions: PositionAction[]; empty: string }) {
  if (actions.length === 0) return <p className="text-sm text-neutral-600">{empty}</p>;
  return (
    <ul className="divide-y divide-neutral-200 text-sm">
      {actions.map((action) => (
        <li
          key={`${action.txID}-${action.eventTime}`}
          className="flex flex-wrap justify-between gap-x-4 py-2"
        >
          <span className="font-mono">Tx {action.txID}</span>
          <MarketTime epochMs={action.eventTime} />
          <span className="w-full text-xs text-neutral-600">
            Next: <MarketTime epochMs={action.nextEventTime} empty="N/A" />
          </span>
        </li>
      ))}
    </ul>
  );
}
