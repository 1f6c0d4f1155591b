import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A term/value row of a definition list. */
export function Row({
  term,
  children,
  className,
}: {
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-sm text-neutral-600">{term}</dt>
      <dd className={cn('text-right text-sm font-medium tabular-nums', className)}>{children}</dd>
    </div>
  );
}
