import { cn } from '../../lib/cn';
import { stateBadgeClass, stateLabel } from './state-colors';

/** A market state as a coloured badge with its wording (STATE_LABELS). */
export function StateBadge({ state, className }: { state: number; className?: string }) {
  return (
    <span
      data-state={state}
      className={cn(
        'inline-block rounded px-2 py-0.5 text-xs font-medium',
        stateBadgeClass(state),
        className,
      )}
    >
      {stateLabel(state)}
    </span>
  );
}
