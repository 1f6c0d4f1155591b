import { Button } from './button';

/** A row of toggle buttons choosing one range of a chart (the pressed one is the current range). */
export function RangeSwitch<R extends string>({
  label,
  ranges,
  labels,
  value,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  ranges: readonly R[];
  labels: Record<R, string>;
  value: R;
  onChange: (range: R) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form's fieldset
    <div role="group" aria-label={label} className="flex flex-wrap gap-1">
      {ranges.map((option) => (
        <Button
          key={option}
          size="sm"
          variant={option === value ? 'primary' : 'outline'}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {labels[option]}
        </Button>
      ))}
    </div>
  );
}
