import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A column heading; `srOnly` for icon columns that need a name but no visible text. */
export interface Column {
  label: string;
  className?: string;
  srOnly?: boolean;
}

/**
 * A bordered table that scrolls sideways inside its own box on narrow screens. `relative` keeps
 * screen-reader-only labels (absolutely positioned) inside the box, or they would widen the page.
 */
export function TableFrame({
  caption,
  columns,
  cellClassName,
  children,
}: {
  caption: string;
  columns: Column[];
  cellClassName: string;
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-md border border-neutral-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-neutral-50 text-xs text-neutral-700">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn(cellClassName, column.className)}>
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">{children}</tbody>
      </table>
    </div>
  );
}
