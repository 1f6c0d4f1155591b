import { formatBadge } from '@balancer/core';
import { cn } from '../../lib/cn';

/**
 * A small count on a navigation item or button (core's formatBadge: '9+' from 9, hidden at 0). The count is
 * also said in words through `label` (e.g. '3 unread API errors') for screen readers.
 */
export function CountBadge({
  count,
  label,
  className,
}: {
  count: number;
  label: string;
  className?: string;
}) {
  const text = formatBadge(count);
  if (text === null) return null;
  return (
    <span
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-decrease px-1 text-[11px] leading-none font-semibold text-white',
        className,
      )}
    >
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
