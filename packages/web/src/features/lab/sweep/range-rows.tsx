import { type LabSweepParameterSpec, settingLabel } from '@balancer/core';
import { Button } from '../../../components/ui/button';
import { defaultRange, type RangeInput, valuesInRange } from './sweep-plan';

const inputClasses = 'h-10 w-full rounded-md border border-neutral-300 bg-white px-2 text-sm';
const MAX_RANGES = 7;

/** The swept parameters: one row each (parameter, from, to, step), within the parameter's bounds. */
export function RangeRows({
  ranges,
  onChange,
  parameters,
}: {
  ranges: readonly RangeInput[];
  onChange: (next: RangeInput[]) => void;
  parameters: readonly LabSweepParameterSpec[];
}) {
  const update = (index: number, patch: Partial<RangeInput>) =>
    onChange(ranges.map((range, at) => (at === index ? { ...range, ...patch } : range)));
  const unused = parameters.filter((p) => !ranges.some((range) => range.parameter === p.id));
  const add = () => {
    const next = unused[0];
    if (next) onChange([...ranges, defaultRange(next)]);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Parameters and ranges (both ends included)</legend>
      {ranges.map((range, index) => {
        const spec = parameters.find((p) => p.id === range.parameter);
        const label = `Range ${index + 1}`;
        return (
          <div
            key={range.parameter}
            className="grid grid-cols-2 gap-2 rounded-md border border-neutral-200 p-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto]"
          >
            <select
              aria-label={`${label} parameter`}
              className={`${inputClasses} col-span-2 sm:col-span-1`}
              value={range.parameter}
              onChange={(event) => {
                const next = parameters.find((p) => p.id === event.target.value);
                if (next) update(index, defaultRange(next));
              }}
            >
              {parameters
                .filter((p) => p.id === range.parameter || unused.includes(p))
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {settingLabel(p.id)}
                  </option>
                ))}
            </select>
            {(['from', 'to', 'step'] as const).map((field) => (
              <input
                key={field}
                aria-label={`${label} ${field}`}
                type="number"
                step="any"
                min={field === 'step' ? spec?.step : spec?.min}
                max={field === 'step' ? undefined : spec?.max}
                className={inputClasses}
                value={range[field]}
                onChange={(event) => update(index, { [field]: Number(event.target.value) })}
              />
            ))}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={ranges.length === 1}
              onClick={() => onChange(ranges.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
            <p className="col-span-2 text-xs text-neutral-600 sm:col-span-5">
              {spec?.description} · bounds {spec?.min}…{spec?.max}, step a multiple of {spec?.step} ·{' '}
              {valuesInRange(range)} values
              {spec?.indicator ? ' · a window setting: its rows can be compared, not applied' : ''}
            </p>
          </div>
        );
      })}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={ranges.length >= MAX_RANGES || unused.length === 0}
          onClick={add}
        >
          Add parameter
        </Button>
      </div>
    </fieldset>
  );
}
