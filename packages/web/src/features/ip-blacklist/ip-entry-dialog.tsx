import { type IpBlacklistEntry, ipBlacklistCreateSchema } from '@balancer/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { FormFooter } from '../../components/ui/form-footer';
import { TextField } from '../../components/ui/text-field';

/** A blacklist entry as the API answers it (core's contract). */
export type IpEntry = IpBlacklistEntry;

export interface IpEntryInput {
  ip: string;
  notes?: string;
}

type FieldErrors = Partial<Record<'ip' | 'notes', string>>;

/** Checks the form with the server's schema; empty notes are left out (the server clears them). */
export function validateEntry(ip: string, notes: string): { value?: IpEntryInput; errors: FieldErrors } {
  const input = notes.trim() ? { ip, notes } : { ip };
  const parsed = ipBlacklistCreateSchema.safeParse(input);
  if (parsed.success) return { value: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'ip' || field === 'notes') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/**
 * Add or edit an entry. `onSubmit` asks for the one-time code and sends; `serverError` shows the
 * API's refusal (4475 duplicate, 4476 unknown id…) under the form.
 */
export function IpEntryDialog({
  open,
  entry,
  serverError,
  onClose,
  onSubmit,
}: {
  open: boolean;
  entry: IpEntry | null;
  serverError: string | null;
  onClose: () => void;
  onSubmit: (input: IpEntryInput) => void;
}) {
  const [ip, setIp] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!open) return;
    setIp(entry?.ip ?? '');
    setNotes(entry?.notes ?? '');
    setErrors({});
  }, [open, entry]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateEntry(ip, notes);
    setErrors(result.errors);
    if (result.value) onSubmit(result.value);
  };
  return (
    <Dialog open={open} onClose={onClose} title={entry ? 'Edit blacklisted IP' : 'Blacklist an IP address'}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField label="IP address" value={ip} error={errors.ip} onChange={(e) => setIp(e.target.value)} />
        <TextField
          label="Notes (optional)"
          value={notes}
          error={errors.notes}
          onChange={(e) => setNotes(e.target.value)}
        />
        <FormFooter serverError={serverError} submitLabel={entry ? 'Save' : 'Add'} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
