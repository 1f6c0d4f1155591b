import { useId } from 'react';

const FIELD = 'h-9 rounded-md border border-neutral-300 bg-white px-2 text-sm text-neutral-900';

/** A labelled select of one list filter; '' is "any". */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | '';
  options: readonly (readonly [T, string])[];
  onChange: (value: T | '') => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-neutral-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T | '')}
        className={FIELD}
      >
        <option value="">Any</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** From and to day pickers (UTC days; `to` is the last day included). */
export function DateRangeFields({
  from,
  to,
  onChange,
  problem,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  problem: string | null;
}) {
  const fromId = useId();
  const toId = useId();
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={fromId} className="text-xs font-medium text-neutral-700">
          From (UTC)
        </label>
        <input
          id={fromId}
          type="date"
          value={from}
          onChange={(event) => onChange({ from: event.target.value, to })}
          className={FIELD}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={toId} className="text-xs font-medium text-neutral-700">
          To, included (UTC)
        </label>
        <input
          id={toId}
          type="date"
          value={to}
          onChange={(event) => onChange({ from, to: event.target.value })}
          className={FIELD}
          aria-invalid={problem !== null}
        />
      </div>
      {problem && (
        <p role="alert" className="basis-full text-sm text-red-700">
          {problem}
        </p>
      )}
    </>
  );
}
