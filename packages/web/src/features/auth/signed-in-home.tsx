import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessageOf } from '../../lib/api';
import { fetchMe } from './auth-api';
import { useAuth } from './auth-context';

/**
 * The signed-in app's placeholder until the dashboard screens (issue 8) arrive: who is signed
 * in, where the API documentation is, and sign-out.
 */
export function SignedInHome() {
  const { client, signOut } = useAuth();
  const [nickname, setNickname] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'device' | 'all' | null>(null);

  useEffect(() => {
    let active = true;
    fetchMe(client).then(
      (me) => active && setNickname(me.nickname),
      (failure: unknown) => active && setError(errorMessageOf(failure)),
    );
    return () => {
      active = false;
    };
  }, [client]);

  const end = (allDevices: boolean) => {
    setBusy(allDevices ? 'all' : 'device');
    // Whatever the answer, the token is dropped and the protected layout goes to sign-in.
    signOut(allDevices).catch(() => setBusy(null));
  };

  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-6 p-6">
      <h1 className="text-2xl font-semibold">
        {nickname ? `Signed in as ${nickname}` : error ? 'Signed in' : 'Loading your account…'}
      </h1>
      {error && (
        <p role="alert" className="text-sm text-decrease">
          {error}
        </p>
      )}
      <p className="text-neutral-700">
        The dashboard screens come next. Meanwhile the running server documents its whole API at{' '}
        <a href={client.url('docs')} className="font-medium text-increase underline underline-offset-2">
          /docs
        </a>
        .
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          busy={busy === 'device'}
          disabled={busy !== null}
          onClick={() => end(false)}
        >
          Sign out
        </Button>
        <Button variant="outline" busy={busy === 'all'} disabled={busy !== null} onClick={() => end(true)}>
          Sign out of all devices
        </Button>
      </div>
    </main>
  );
}
