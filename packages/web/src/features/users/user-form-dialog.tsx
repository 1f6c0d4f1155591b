import { userCreateSchema } from '@balancer/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { FormFooter } from '../../components/ui/form-footer';
import { TextField } from '../../components/ui/text-field';
import type { UserRecord } from './users-api';

/** Which change the form makes: a new user, a new nickname or a new authority. */
export type UserFormMode = 'create' | 'rename' | 'authority';
export interface UserFormValue {
  nickname: string;
  authority: number;
}

const TITLES: Record<UserFormMode, string> = {
  create: 'Create user',
  rename: 'Rename user',
  authority: 'Change authority',
};
/** What each assignable authority allows (docs/accounts.md). */
const AUTHORITY_LABELS = [
  '1 · dashboard',
  '2 · also positions, server, adjustments, IP address blacklist',
  '3 · may change configurations and the blacklist',
  '4 · may trade by hand',
];

/** The fields a mode edits, checked with the server's schema. */
export function validateUser(value: UserFormValue): Partial<Record<keyof UserFormValue, string>> {
  const parsed = userCreateSchema.safeParse(value);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof UserFormValue, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof UserFormValue;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function UserFormDialog({
  mode,
  user,
  serverError,
  onClose,
  onSubmit,
}: {
  mode: UserFormMode | null;
  user: UserRecord | null;
  serverError: string | null;
  onClose: () => void;
  onSubmit: (value: UserFormValue) => void;
}) {
  const [nickname, setNickname] = useState('');
  const [authority, setAuthority] = useState(1);
  const [errors, setErrors] = useState<ReturnType<typeof validateUser>>({});
  const selectId = useId();
  useEffect(() => {
    if (!mode) return;
    setNickname(user?.nickname ?? '');
    setAuthority(user?.authority ?? 1);
    setErrors({});
  }, [mode, user]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateUser({ nickname, authority });
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ nickname, authority });
  };
  return (
    <Dialog open={mode !== null} onClose={onClose} title={mode ? TITLES[mode] : ''}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {mode !== 'authority' && (
          <TextField
            label="Nickname"
            autoCapitalize="none"
            spellCheck={false}
            value={nickname}
            error={errors.nickname}
            onChange={(event) => setNickname(event.target.value)}
          />
        )}
        {mode !== 'rename' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium">
              Authority
            </label>
            <select
              id={selectId}
              value={authority}
              onChange={(event) => setAuthority(Number(event.target.value))}
              className="h-10 rounded-md border border-neutral-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              {AUTHORITY_LABELS.map((label, index) => (
                <option key={label} value={index + 1}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        )}
        <FormFooter
          serverError={serverError}
          submitLabel={mode === 'create' ? 'Create' : 'Save'}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
