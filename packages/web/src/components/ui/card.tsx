import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A titled section of a signed-in screen (an h2 under the page's h1). */
export function Card({
  title,
  actions,
  children,
  className,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-lg border border-neutral-200 bg-white p-4', className)}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A label/value list (dl); `twoColumns` lays it out in two columns from sm up (full-width cards). */
export function Facts({
  items,
  twoColumns = false,
}: {
  items: ReadonlyArray<readonly [string, ReactNode]>;
  twoColumns?: boolean;
}) {
  return (
    <dl className={cn('grid grid-cols-1 gap-x-6 gap-y-2 text-sm', twoColumns && 'sm:grid-cols-2')}>
      {items.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 border-b border-neutral-100 pb-1">
          <dt className="text-neutral-600">{label}</dt>
          <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
