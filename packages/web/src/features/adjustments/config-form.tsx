import { LANDING_BACKTEST } from '@balancer/core';
import { type FormEvent, useEffect, useState } from 'react';
import { IncreaseAmountNote } from '../../components/config-fields/amount-note';
import { ConfigFields } from '../../components/config-fields/config-fields';
import type { ConfigSpec } from '../../components/config-fields/config-specs';
import {
  type FormValues,
  matchingTemplate,
  toFormValues,
  validateForm,
} from '../../components/config-fields/form-values';
import type { Template } from '../../components/config-fields/templates';
import { ConfirmDialog } from '../../components/otp/confirm-dialog';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { codedText } from '../../lib/coded-text';
import { showToast } from '../../lib/toast';
import { useConfig } from './use-config';

/** Authority that may save a config (the PUT routes); reading needs 2. */
export const SAVE_AUTHORITY = 3;

/** The starting cash the lab and the landing page's backtest assume (its advice: 1,000). */
const LIVE_BUDGET_EXAMPLE = LANDING_BACKTEST.startQuote;

/** The template select's value while the fields hold no template's values. */
const CUSTOM = '';

/**
 * One config's form: loads the current values, validates with the shared core schema (errors
 * beside their fields), and saves with the one-time code. `templates` adds a chooser that fills
 * the fields (the strategy's).
 */
export function ConfigForm({
  spec,
  authority,
  templates,
}: {
  spec: ConfigSpec;
  authority: number;
  templates?: readonly Template[];
}) {
  const { query, save } = useConfig(spec);
  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<unknown>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const canSave = authority >= SAVE_AUTHORITY;

  useEffect(() => {
    if (query.data !== undefined) setValues(toFormValues(query.data, spec.fields));
  }, [query.data, spec.fields]);

  if (query.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {codedText(query.error)}
      </p>
    );
  if (!values) return <Spinner />;

  const change = (path: string, value: string | boolean) => {
    setValues({ ...values, [path]: value });
    // The field's own error goes, and a group rule's that covers it (checked again at Save).
    setErrors((previous) =>
      Object.fromEntries(
        Object.entries(previous).filter(([key]) => key !== path && !path.startsWith(`${key}.`)),
      ),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const checked = validateForm(spec.schema, values, spec.fields);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(checked.config);
  };
  const confirm = (otpToken: string) => {
    const config = pending;
    setPending(null);
    save.mutate(
      { config, otpToken },
      {
        onSuccess: () => void showToast((toast) => toast.success(`${spec.title} saved`)),
        onError: (error) => setServerError(codedText(error)),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label={spec.title} className="flex flex-col gap-4">
      {templates && (
        <div className="max-w-xs">
          <label htmlFor={`${spec.id}-template`} className="mb-1 block text-sm font-medium">
            Template
          </label>
          <select
            id={`${spec.id}-template`}
            className="w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-neutral-900"
            value={matchingTemplate(templates, values, spec.fields)?.id ?? CUSTOM}
            onChange={(event) => {
              const chosen = templates.find((template) => template.id === event.target.value);
              if (chosen) setValues(toFormValues(chosen.config, spec.fields));
              setErrors({});
            }}
          >
            {/* Shown while the values are no template's (the operator's own). */}
            <option value={CUSTOM}>Custom</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.label}
              </option>
            ))}
          </select>
          {spec.id === 'strategy' && (
            <div className="mt-1">
              <IncreaseAmountNote budget={LIVE_BUDGET_EXAMPLE} context="live" />
            </div>
          )}
        </div>
      )}
      <ConfigFields
        idPrefix={spec.id}
        fields={spec.fields}
        values={values}
        errors={errors}
        disabled={save.isPending}
        onChange={change}
      />
      {serverError && (
        <p role="alert" className="text-sm text-red-700">
          {serverError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!canSave || save.isPending} aria-busy={save.isPending}>
          {save.isPending && <Spinner />}
          Save {spec.title.toLowerCase()}
        </Button>
        {!canSave && (
          <p className="text-sm text-neutral-600">
            Saving needs authority {SAVE_AUTHORITY}; yours is {authority}.
          </p>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={confirm}
        title="Confirm Action"
        description={`Enter the 6-digit code from your authenticator app to save the ${spec.title.toLowerCase()} settings.`}
      />
    </form>
  );
}
