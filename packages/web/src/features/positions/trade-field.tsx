import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

const CONTROL =
  'h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary aria-[invalid=true]:border-decrease';

/** A labelled input or select with its error below (the control comes from `render`). */
export function TradeField({
  label,
  error,
  render,
}: {
  label: string;
  error: string | undefined;
  render: (props: {
    id: string;
    className: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {render({
        id,
        className: cn(CONTROL),
        'aria-invalid': !!error,
        ...(error ? { 'aria-describedby': errorId } : {}),
      })}
      {error && (
        <p id={errorId} className="text-xs text-decrease">
          {error}
        </p>
      )}
    </div>
  );
}
