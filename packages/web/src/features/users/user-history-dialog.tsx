import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { SessionList } from '../../components/sessions/session-list';
import { Dialog } from '../../components/ui/dialog';
import { LoadMore } from '../../components/ui/load-more';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format-time';
import { HISTORY_PAGE_SIZE, type PasswordUpdate, type SessionRecord, type UserRecord } from './users-api';

function PasswordUpdates({ user }: { user: UserRecord }) {
  const { client } = useAuth();
  const query = useInfiniteQuery({
    queryKey: ['auth', 'user', user.id, 'password-updates'],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
      if (pageParam !== undefined) params.set('startAtEventTime', String(pageParam));
      return client.request<PasswordUpdate[]>({
        path: `auth/user/${user.id}/password-updates?${params}`,
        auth: true,
      });
    },
    getNextPageParam: (last) => (last.length < HISTORY_PAGE_SIZE ? undefined : last.at(-1)?.event_time),
  });
  const updates = query.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="password-updates-title">
      <h3 id="password-updates-title" className="font-semibold">
        Password updates
      </h3>
      {query.error && <p className="text-sm text-decrease">{errorMessageOf(query.error)}</p>}
      {query.isSuccess && updates.length === 0 && (
        <p className="text-sm text-neutral-600">No password set yet.</p>
      )}
      <ul className="text-sm">
        {updates.map((update) => (
          <li key={update.id} className="border-t border-neutral-100 py-1">
            {formatDateTime(update.event_time)} · IP {update.ip ?? '—'}
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        busy={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </section>
  );
}

function Sessions({ user }: { user: UserRecord }) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const queryKey = ['auth', 'user', user.id, 'sessions'];
  const { data, error } = useQuery({
    queryKey,
    queryFn: () => client.request<SessionRecord[]>({ path: `auth/user/${user.id}/sessions`, auth: true }),
  });
  // Root ends any user's session (DELETE /auth/jwt/sessions/:id): its tokens stop at once.
  const end = useMutation({
    mutationFn: (session: SessionRecord) =>
      client.request<null>({ method: 'DELETE', path: `auth/jwt/sessions/${session.id}`, auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
  return (
    <section aria-labelledby="sessions-title">
      <h3 id="sessions-title" className="font-semibold">
        Sessions
      </h3>
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {end.error && <p className="text-sm text-decrease">{errorMessageOf(end.error)}</p>}
      {data && (
        <SessionList
          sessions={data}
          onEnd={(session) => end.mutate(session)}
          endingId={end.isPending ? (end.variables?.id ?? null) : null}
        />
      )}
    </section>
  );
}

/** A user's password-update history (paged by event time) and signed-in devices. */
export function UserHistoryDialog({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onClose={onClose} title={user ? `History of ${user.nickname}` : ''}>
      {user && (
        <div className="flex flex-col gap-4">
          <PasswordUpdates user={user} />
          <Sessions user={user} />
        </div>
      )}
    </Dialog>
  );
}
