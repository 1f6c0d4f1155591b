/**
 * How a config field is edited: numbers and decimal strings in text inputs, a list as
 * comma-separated text, a choice in a select, a flag in a checkbox.
 */
export type FieldKind = 'number' | 'decimal' | 'list' | 'select' | 'boolean';

export interface FieldSpec {
  /** Dot path in the config object, e.g. 'weights.liquidity' or 'decreaseLevels.0.percentage'. */
  path: string;
  label: string;
  kind: FieldKind;
  options?: readonly string[];
  /** Units or bounds, shown under the field. */
  hint?: string;
}

export type FormValues = Record<string, string | boolean>;

function read(config: unknown, path: string): unknown {
  let value: unknown = config;
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

/** The form's values for a config (what the inputs show). */
export function toFormValues(config: unknown, fields: readonly FieldSpec[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = read(config, field.path);
    if (field.kind === 'boolean') values[field.path] = value === true;
    else if (field.kind === 'list') values[field.path] = Array.isArray(value) ? value.join(', ') : '';
    else values[field.path] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}

function convert(field: FieldSpec, raw: string | boolean | undefined): unknown {
  if (field.kind === 'boolean') return raw === true;
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (field.kind === 'list') return text === '' ? [] : text.split(/[\s,]+/).filter(Boolean);
  if (field.kind === 'number') return text === '' ? undefined : Number(text);
  return text; // decimal strings (money) and choices stay text
}

/** The config object the form describes; array indexes in paths build arrays. */
export function fromFormValues(values: FormValues, fields: readonly FieldSpec[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const field of fields) {
    const keys = field.path.split('.');
    let node: Record<string, unknown> = root;
    keys.slice(0, -1).forEach((key, i) => {
      const nextIsIndex = /^\d+$/.test(keys[i + 1] ?? '');
      node[key] ??= nextIsIndex ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys[keys.length - 1] ?? ''] = convert(field, values[field.path]);
  }
  return root;
}

/** The part of a zod schema the form uses (web does not depend on zod itself). */
export interface ConfigSchema {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type Validation = { ok: true; config: unknown } | { ok: false; errors: Record<string, string> };

/**
 * Checks the form with the shared core schema. Each issue goes to the field at its path; an issue
 * on a group (e.g. weights that must add up to 100) goes to the group's path, which the form
 * shows above the fields; several issues of one field are joined.
 */
export function validateForm(
  schema: ConfigSchema,
  values: FormValues,
  fields: readonly FieldSpec[],
): Validation {
  const result = schema.safeParse(fromFormValues(values, fields));
  if (result.success) return { ok: true, config: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || '(form)';
    errors[path] = errors[path] ? `${errors[path]}; ${issue.message}` : issue.message;
  }
  return { ok: false, errors };
}

/** A group rule's error marked at the fields it covers ('weights' → 'weights.liquidity', …). */
export interface GroupMark {
  /** The DOM id of the message (shown once, after the group's last field). */
  id: string;
  message: string;
  /** This field shows the message (the group's last field). */
  shows: boolean;
}

/**
 * Spreads the group errors over the fields under their path, so a rule on several fields (the
 * weights adding up to 100) marks each of them and shows its message beside them; `rest` are the
 * errors no field is under, for the form-level list. `idPrefix` keeps the ids unique per form.
 */
export function markGroups(
  errors: Record<string, string>,
  fields: readonly FieldSpec[],
  idPrefix: string,
): { marks: Record<string, GroupMark>; rest: string[] } {
  const marks: Record<string, GroupMark> = {};
  const rest: string[] = [];
  for (const [path, message] of groupErrors(errors, fields)) {
    const covered = fields.filter((field) => field.path.startsWith(`${path}.`));
    if (covered.length === 0) {
      rest.push(message);
      continue;
    }
    const id = `${idPrefix}-${path.replace(/[^a-zA-Z0-9]+/g, '-')}-error`;
    // 'must add up to 100' reads as a sentence after the fields' names.
    const sentence = /^[a-z]/.test(message)
      ? `${covered.map((field) => field.label).join(' + ')} ${message}`
      : message;
    covered.forEach((field, index) => {
      marks[field.path] = { id, message: sentence, shows: index === covered.length - 1 };
    });
  }
  return { marks, rest };
}

/** The template whose values the form holds now, or null (the values are the operator's own). */
export function matchingTemplate<T extends { config: unknown }>(
  templates: readonly T[],
  values: FormValues,
  fields: readonly FieldSpec[],
): T | null {
  return (
    templates.find((template) => {
      const filled = toFormValues(template.config, fields);
      return fields.every((field) => String(filled[field.path] ?? '') === String(values[field.path] ?? ''));
    }) ?? null
  );
}

/** Errors that belong to no field of the form (group rules), for the form-level list. */
export function groupErrors(
  errors: Record<string, string>,
  fields: readonly FieldSpec[],
): [string, string][] {
  const known = new Set(fields.map((field) => field.path));
  return Object.entries(errors).filter(([path]) => !known.has(path));
}
