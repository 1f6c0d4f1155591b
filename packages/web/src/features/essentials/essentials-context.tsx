import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { applyStreamEssentials, mergeFullEssentials, withUnreadCounts } from './merge';
import { type ConnectStream, connectSocketIo, NO_SOCKET, type SocketStatus } from './stream';
import type { AppEssentials, EssentialsUser, UnreadCounts } from './types';

export const ESSENTIALS_PATH = 'data-join/app-essentials';
/** Spec §7/§9: the essentials' retry delays (seconds) and refetch interval. */
export const ESSENTIALS_RETRY_DELAYS_SECONDS = [5, 15, 25] as const;
export const ESSENTIALS_REFETCH_MS = 120_000;
/** Spec §9: the socket status is read every 5 s. */
export const SOCKET_STATUS_POLL_MS = 5_000;

interface EssentialsContextValue {
  essentials: AppEssentials | undefined;
  /** The failure of the first load (the layout shows it), null otherwise. */
  error: Error | null;
  socketStatus: SocketStatus;
  setUnreadCounts: (counts: Partial<UnreadCounts>) => void;
}

const EssentialsContext = createContext<EssentialsContextValue | null>(null);

/**
 * The signed-in app's state (spec §4): the essentials loaded at start and every 2 minutes,
 * merged with the stream's per-tick events; the stream connects while authenticated.
 */
export function EssentialsProvider({
  children,
  connect = connectSocketIo,
}: {
  children: ReactNode;
  connect?: ConnectStream;
}) {
  const { authenticated, client } = useAuth();
  const [essentials, setEssentials] = useState<AppEssentials | undefined>(undefined);
  const [socketStatus, setSocketStatus] = useState<SocketStatus>(NO_SOCKET);

  const query = useQuery({
    queryKey: ['app-essentials'],
    enabled: authenticated === true,
    refetchInterval: ESSENTIALS_REFETCH_MS,
    retry: false,
    queryFn: () =>
      client.request<AppEssentials>({
        path: ESSENTIALS_PATH,
        auth: true,
        retryDelaysSeconds: ESSENTIALS_RETRY_DELAYS_SECONDS,
      }),
  });

  useEffect(() => {
    if (query.data !== undefined) setEssentials((previous) => mergeFullEssentials(previous, query.data));
  }, [query.data]);

  useEffect(() => {
    if (authenticated !== true) {
      setEssentials(undefined);
      return;
    }
    const connection = connect(client.baseUrl, (update) =>
      setEssentials((previous) => applyStreamEssentials(previous, update)),
    );
    const read = () => setSocketStatus(connection.status());
    read();
    const timer = setInterval(read, SOCKET_STATUS_POLL_MS);
    return () => {
      clearInterval(timer);
      connection.disconnect();
      setSocketStatus(NO_SOCKET);
    };
  }, [authenticated, client, connect]);

  const setUnreadCounts = useCallback(
    (counts: Partial<UnreadCounts>) => setEssentials((previous) => withUnreadCounts(previous, counts)),
    [],
  );
  const error = essentials === undefined ? query.error : null;
  const value = useMemo(
    () => ({ essentials, error, socketStatus, setUnreadCounts }),
    [essentials, error, socketStatus, setUnreadCounts],
  );
  return <EssentialsContext.Provider value={value}>{children}</EssentialsContext.Provider>;
}

function useEssentialsContext(): EssentialsContextValue {
  const value = useContext(EssentialsContext);
  if (!value) throw new Error('the essentials hooks need an <EssentialsProvider> above them');
  return value;
}

/** The app essentials, or undefined while loading. */
export const useEssentials = (): AppEssentials | undefined => useEssentialsContext().essentials;
/** The signed-in user {id, nickname, authority}, or undefined while loading. */
export const useUser = (): EssentialsUser | undefined => useEssentialsContext().essentials?.user;
/** The realtime socket's status, read every 5 s. */
export const useSocketStatus = (): SocketStatus => useEssentialsContext().socketStatus;
/** Sets unread counts locally (after marking notifications or API errors read). */
export const useSetUnreadCounts = () => useEssentialsContext().setUnreadCounts;
/** The first load's failure, for the layout's error panel. */
export const useEssentialsError = (): Error | null => useEssentialsContext().error;
