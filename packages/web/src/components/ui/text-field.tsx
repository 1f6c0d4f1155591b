import { type InputHTMLAttributes, useId } from 'react';
import { cn } from '../../lib/cn';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** What the value must be, shown under the input before any submit (the error replaces it). */
  hint?: string;
}

/** A labelled input with its hint or validation message tied to it (aria-describedby). */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'h-10 rounded-md border bg-white px-3 text-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
          'disabled:cursor-not-allowed disabled:opacity-50',
          error ? 'border-decrease' : 'border-neutral-300',
          className,
        )}
        {...props}
      />
      {error ? (
        <p id={errorId} className="text-sm text-decrease">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="text-sm text-neutral-600">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
