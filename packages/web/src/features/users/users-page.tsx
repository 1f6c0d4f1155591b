import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { useOtpAction } from '../../components/otp/use-otp-action';
import { Button } from '../../components/ui/button';
import { useUser } from '../../essentials';
import { errorMessageOf } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { OtpSecretDialog } from './otp-secret-dialog';
import { UserFormDialog, type UserFormMode, type UserFormValue } from './user-form-dialog';
import { UserHistoryDialog } from './user-history-dialog';
import { type UserAction, UserRow } from './user-row';
import { type OtpHandover, ROOT_AUTHORITY, USERS_KEY, type UserRecord } from './users-api';

type Shown =
  | { kind: 'form'; mode: UserFormMode; user: UserRecord | null }
  | { kind: 'history'; user: UserRecord };

/** The Users screen (authority 5, docs/accounts.md): every change asks for a one-time code. */
export function UsersPage() {
  const { client } = useAuth();
  const queries = useQueryClient();
  const caller = useUser();
  const isRoot = caller?.authority === ROOT_AUTHORITY;
  const [shown, setShown] = useState<Shown | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [handover, setHandover] = useState<{ nickname: string; value: OtpHandover } | null>(null);
  const { ask, dialog } = useOtpAction();
  const { data: users, error } = useQuery({
    queryKey: USERS_KEY,
    queryFn: () => client.request<UserRecord[]>({ path: 'auth/user', auth: true }),
    enabled: isRoot,
  });
  const refresh = () => queries.invalidateQueries({ queryKey: USERS_KEY });
  const send = <T,>(method: 'POST' | 'PATCH' | 'DELETE', path: string, otpToken: string, body?: unknown) =>
    client.request<T>({ method, path, body, auth: true, otpToken });
  const form = shown?.kind === 'form' ? shown : null;

  const submitForm = (value: UserFormValue) => {
    if (!form) return;
    const { mode, user } = form;
    ask({
      onError: setFormError,
      success: mode === 'create' ? `${value.nickname} created` : 'User updated',
      run: async (otp) => {
        if (mode === 'create') {
          const created = await send<UserRecord>('POST', 'auth/user', otp, value);
          const secret = await client.request<OtpHandover>({
            path: `auth/user/${created.id}/otp-secret`,
            auth: true,
          });
          setHandover({ nickname: created.nickname, value: secret });
        } else if (mode === 'rename') {
          await send('PATCH', `auth/user/${user?.id}/nickname`, otp, { newNickname: value.nickname });
        } else {
          await send('PATCH', `auth/user/${user?.id}/authority`, otp, { newAuthority: value.authority });
        }
        setShown(null);
        await refresh();
      },
    });
  };

  const openCreate = () => {
    setFormError(null);
    setShown({ kind: 'form', mode: 'create', user: null });
  };

  const act = (user: UserRecord, action: UserAction) => {
    setFormError(null);
    if (action === 'rename' || action === 'authority') return setShown({ kind: 'form', mode: action, user });
    if (action === 'history') return setShown({ kind: 'history', user });
    if (action === 'secret') {
      client
        .request<OtpHandover>({ path: `auth/user/${user.id}/otp-secret`, auth: true })
        .then((value) => setHandover({ nickname: user.nickname, value }))
        .catch((cause: unknown) => showToast((toast) => toast.error(errorMessageOf(cause))));
      return;
    }
    if (action === 'rotate') {
      return ask({
        title: `Replace the secret of ${user.nickname}`,
        description: 'Codes from the old secret stop working at once. Enter your own code to confirm.',
        run: async (otp) => {
          const value = await send<OtpHandover>('PATCH', `auth/user/${user.id}/otp-secret`, otp);
          setHandover({ nickname: user.nickname, value });
        },
      });
    }
    if (action === 'unlock') {
      return ask({
        title: `Unlock ${user.nickname}`,
        description:
          'Forgets the failed password and code attempts and lifts every throttle, so new devices can sign in again at once (devices used before and open sessions never need this). Enter your code to confirm.',
        success: `${user.nickname} unlocked`,
        run: async (otp) => {
          await send('PATCH', `auth/user/${user.id}/unlock`, otp);
          await refresh();
        },
      });
    }
    ask({
      title: `Delete ${user.nickname}`,
      description: 'The user, their sessions and history are deleted. Enter your code to confirm.',
      success: `${user.nickname} deleted`,
      run: async (otp) => {
        await send('DELETE', `auth/user/${user.id}`, otp);
        await refresh();
      },
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Users</h1>
        <Button disabled={!isRoot} onClick={openCreate}>
          <UserPlus aria-hidden="true" className="size-4" />
          Create user
        </Button>
      </div>
      {caller && !isRoot && (
        <p className="text-sm text-neutral-700">Only root (authority 5) manages users.</p>
      )}
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      <ul className="flex flex-col gap-2">
        {users?.map((user) => (
          <UserRow key={user.id} user={user} onAction={(action) => act(user, action)} />
        ))}
      </ul>
      <UserFormDialog
        mode={form?.mode ?? null}
        user={form?.user ?? null}
        serverError={formError}
        onClose={() => setShown(null)}
        onSubmit={submitForm}
      />
      <UserHistoryDialog
        user={shown?.kind === 'history' ? shown.user : null}
        onClose={() => setShown(null)}
      />
      <OtpSecretDialog
        nickname={handover?.nickname ?? ''}
        handover={handover?.value ?? null}
        onClose={() => setHandover(null)}
      />
      {dialog}
    </div>
  );
}
