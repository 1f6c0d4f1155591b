import { Activity, EyeOff, Lock } from 'lucide-react';
import { cn } from '../../lib/cn';
import { type PositionStatus, positionStatus } from './format';

const ICONS: Record<PositionStatus, { Icon: typeof Activity; label: string; tone: string }> = {
  active: { Icon: Activity, label: 'Active', tone: 'text-increase' },
  closed: { Icon: Lock, label: 'Closed', tone: 'text-neutral-600' },
  archived: { Icon: EyeOff, label: 'Archived', tone: 'text-neutral-600' },
};

/** Active, closed or archived (the hidden icon), labelled for screen readers. */
export function PositionStatusIcon({
  position,
  withLabel = false,
}: {
  position: { close: number | null; archived: boolean };
  withLabel?: boolean;
}) {
  const { Icon, label, tone } = ICONS[positionStatus(position)];
  return (
    <span className={cn('inline-flex items-center gap-1', tone)}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      <span className={withLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}
