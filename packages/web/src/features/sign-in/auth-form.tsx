import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClasses } from '../../components/ui/button';
import { CaptchaWidget } from './captcha/captcha-widget';
import { fieldErrors } from './field-errors';
import { OtpSubmitDialogs } from './otp-submit-dialogs';
import type { useOtpSubmit } from './use-otp-submit';

type Flow<T> = ReturnType<typeof useOtpSubmit<T>>;

/**
 * A public form's fields checked by a shared schema on submit; `bind(field)` gives a TextField
 * its value, change handler and message (a field's message goes when it is edited).
 */
export function useFormFields<T extends Record<string, string>>(
  schema: z.ZodType,
  initial: T,
  flow: Flow<T>,
) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const bind = (field: keyof T & string) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(schema, values);
    setErrors(found);
    flow.submit(values, Object.keys(found).length === 0);
  };
  return { bind, onSubmit };
}

export interface AuthFormProps<T> {
  flow: Flow<T>;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  /** The other screen's button (a link styled as a button). */
  other: { to: string; label: string };
  errorTitle: string;
  /** The text fields; the captcha follows them. */
  children: ReactNode;
}

/** The form frame both public screens share: fields, captcha, the two buttons and the dialogs. */
export function AuthForm<T>({ flow, onSubmit, submitLabel, other, errorTitle, children }: AuthFormProps<T>) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={flow.busy}>
      <fieldset disabled={flow.busy} className="flex flex-col gap-4">
        {children}
        <CaptchaWidget
          status={flow.captcha.status}
          onStart={flow.captcha.start}
          error={flow.captchaError}
          disabled={flow.busy}
        />
      </fieldset>
      <Button type="submit" busy={flow.busy} className="w-full">
        {submitLabel}
      </Button>
      <Link to={other.to} className={buttonClasses('outline')}>
        {other.label}
      </Link>
      <OtpSubmitDialogs flow={flow} errorTitle={errorTitle} />
    </form>
  );
}
