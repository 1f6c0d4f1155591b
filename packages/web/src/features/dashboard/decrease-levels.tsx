import type { DecreasePlan } from '@balancer/core';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format-time';
import { formatQuote } from '../../lib/locale-number';

const COLUMNS = ['Level', 'Gain', 'Sells', 'Price', 'Next sell'] as const;

/**
 * The five decrease levels (docs/strategy.md#planner): from which gain each sells what share, at
 * what price, and when it may sell again. The row of the level the next sell uses is marked.
 */
export function DecreaseLevels({
  plan,
  planNow,
  quoteAsset,
}: {
  plan: DecreasePlan;
  planNow: number;
  quoteAsset: string;
}) {
  return (
    <table className="mt-2 w-full text-xs tabular-nums">
      <caption className="mb-1 text-left text-xs font-medium text-neutral-600">Decrease levels</caption>
      <thead>
        <tr className="border-b border-neutral-200 text-neutral-600">
          {COLUMNS.map((column, i) => (
            <th
              key={column}
              scope="col"
              className={cn('py-1 font-medium', i === 0 ? 'text-left' : 'text-right')}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {plan.levels.map((level, i) => {
          const current = i === plan.level;
          const waits = level.idleUntil !== null && level.idleUntil > planNow;
          return (
            <tr
              // The levels are a fixed list of five: the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={i}
              aria-current={current ? 'true' : undefined}
              className={cn('border-b border-neutral-100', current && 'bg-red-50 font-semibold')}
            >
              <th scope="row" className="py-1 text-left font-medium">
                {i + 1}
              </th>
              <td className="py-1 text-right">≥ {level.gainRequirement}%</td>
              <td className="py-1 text-right">{level.percentage}%</td>
              <td className="py-1 text-right">{formatQuote(level.price, quoteAsset)}</td>
              <td className="py-1 text-right">{waits ? formatDateTime(level.idleUntil) : 'Ready'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
