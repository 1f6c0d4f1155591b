import { useId } from 'react';
import type { FieldSpec, FormValues, GroupMark } from './form-values';

const INPUT =
  'w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-neutral-900 disabled:bg-neutral-100 aria-invalid:border-red-600';

/**
 * One labelled field with its hint and its error (announced, and tied to the input); `group`: a
 * rule over several fields (the weights' sum) marks this one too, and the last shows the message.
 */
export function ConfigField({
  field,
  values,
  error,
  group,
  disabled,
  onChange,
}: {
  field: FieldSpec;
  values: FormValues;
  error?: string;
  group?: GroupMark | undefined;
  disabled: boolean;
  onChange: (path: string, value: string | boolean) => void;
}) {
  const id = useId();
  const describedBy =
    [field.hint && `${id}-hint`, error && `${id}-error`, group?.id].filter(Boolean).join(' ') || undefined;
  const value = values[field.path];
  const invalid = error || group ? true : undefined;
  const common = { id, disabled, 'aria-invalid': invalid, 'aria-describedby': describedBy };
  if (field.kind === 'boolean') {
    return (
      <div className="flex items-center gap-2 pt-6">
        <input
          {...common}
          type="checkbox"
          className="h-4 w-4 accent-neutral-900"
          checked={value === true}
          onChange={(event) => onChange(field.path, event.target.checked)}
        />
        <label htmlFor={id} className="text-sm font-medium">
          {field.label}
        </label>
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {field.label}
      </label>
      {field.kind === 'select' ? (
        <select
          {...common}
          className={INPUT}
          value={String(value ?? '')}
          onChange={(event) => onChange(field.path, event.target.value)}
        >
          {field.options?.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className={INPUT}
          inputMode={field.kind === 'list' ? 'text' : 'decimal'}
          value={String(value ?? '')}
          onChange={(event) => onChange(field.path, event.target.value)}
        />
      )}
      {field.hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-600">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
      {group?.shows && (
        <p id={group.id} role="alert" className="mt-1 text-xs text-red-700">
          {group.message}
        </p>
      )}
    </div>
  );
}
