import { Button } from './button';

/** A dialog form's end: the server's refusal (if any) as an alert, then Cancel and the submit button. */
export function FormFooter({
  serverError,
  submitLabel,
  onCancel,
}: {
  serverError: string | null;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {serverError && (
        <p role="alert" className="text-sm text-decrease">
          {serverError}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </>
  );
}
