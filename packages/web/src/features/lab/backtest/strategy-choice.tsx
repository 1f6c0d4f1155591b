import { IncreaseAmountNote } from '../../../components/config-fields/amount-note';
import { ConfigFields } from '../../../components/config-fields/config-fields';
import { STRATEGY_SPEC } from '../../../components/config-fields/config-specs';
import { type FormValues, toFormValues } from '../../../components/config-fields/form-values';
import { STRATEGY_TEMPLATE_OPTIONS } from '../../../components/config-fields/templates';
import { SelectField } from '../select-field';
import type { StrategyMode } from './backtest-values';

const MODES: readonly { value: StrategyMode; label: string }[] = [
  { value: 'live', label: 'Current live settings' },
  { value: 'template', label: 'A template' },
  { value: 'config', label: 'Edited values' },
];

/**
 * The backtest's strategy: the live settings as they are, a template (its increase amount
 * advised for the starting cash), or values edited with the Adjustments fields and checks.
 */
export function StrategyChoice({
  mode,
  template,
  values,
  errors,
  templateError,
  live,
  disabled,
  onMode,
  onTemplate,
  onValues,
  startQuote,
}: {
  /** The backtest's starting cash: a template's increase amount is advised for it. */
  startQuote: string;
  mode: StrategyMode;
  template: string;
  values: FormValues | null;
  errors: Record<string, string>;
  templateError?: string | undefined;
  /** The live strategy settings (GET position/strategy), the edited values' first fill. */
  live: unknown;
  disabled: boolean;
  onMode: (mode: StrategyMode) => void;
  onTemplate: (id: string) => void;
  onValues: (values: FormValues) => void;
}) {
  const fill = (config: unknown) => onValues(toFormValues(config, STRATEGY_SPEC.fields));
  return (
    <fieldset className="min-w-0 flex flex-col gap-4" disabled={disabled}>
      <legend className="mb-2 text-base font-semibold">Strategy</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Strategy from"
          value={mode}
          options={MODES}
          onChange={(value) => {
            const next = value as StrategyMode;
            onMode(next);
            if (next === 'config' && values === null && live !== undefined) fill(live);
          }}
        />
        {mode === 'template' && (
          <SelectField
            label="Template"
            value={template}
            error={templateError}
            options={[
              { value: '', label: 'Choose…' },
              ...STRATEGY_TEMPLATE_OPTIONS.map((entry) => ({ value: entry.id, label: entry.label })),
            ]}
            onChange={onTemplate}
          />
        )}
        {mode === 'template' && (
          <div className="sm:col-span-2">
            <IncreaseAmountNote budget={startQuote} context="lab" />
          </div>
        )}
        {mode === 'config' && (
          <SelectField
            label="Fill the values from"
            value=""
            options={[
              { value: '', label: 'Keep the values below' },
              { value: 'live', label: 'Current live settings' },
              ...STRATEGY_TEMPLATE_OPTIONS.map((entry) => ({ value: entry.id, label: entry.label })),
            ]}
            onChange={(id) => {
              if (id === 'live') fill(live);
              const chosen = STRATEGY_TEMPLATE_OPTIONS.find((entry) => entry.id === id);
              if (chosen) fill(chosen.config);
            }}
          />
        )}
      </div>
      {mode === 'config' && values !== null && (
        <ConfigFields
          idPrefix="lab-strategy"
          fields={STRATEGY_SPEC.fields}
          values={values}
          errors={errors}
          disabled={disabled}
          onChange={(path, value) => onValues({ ...values, [path]: value })}
        />
      )}
    </fieldset>
  );
}
