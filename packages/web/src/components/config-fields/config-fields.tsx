import { ConfigField } from './config-field';
import { type FieldSpec, type FormValues, markGroups } from './form-values';

/**
 * A config's fields in a grid, each with its error, and above them the errors of rules over
 * several fields that no field shows (Adjustments, the lab's edited strategy).
 */
export function ConfigFields({
  idPrefix,
  fields,
  values,
  errors,
  disabled,
  onChange,
}: {
  /** Makes the group messages' ids unique on the page. */
  idPrefix: string;
  fields: readonly FieldSpec[];
  values: FormValues;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (path: string, value: string | boolean) => void;
}) {
  const groups = markGroups(errors, fields, idPrefix);
  return (
    <>
      {groups.rest.length > 0 && (
        <ul role="alert" className="list-disc pl-5 text-sm text-red-700">
          {groups.rest.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map((field) => (
          <ConfigField
            key={field.path}
            field={field}
            values={values}
            error={errors[field.path]}
            group={groups.marks[field.path]}
            disabled={disabled}
            onChange={onChange}
          />
        ))}
      </div>
    </>
  );
}
