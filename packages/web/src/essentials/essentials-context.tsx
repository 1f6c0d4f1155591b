import type { LabJob } from '@balancer/core';
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useAuth } from '../auth/auth-context';
import { errorMessageOf } from '../lib/api';
import { ESSENTIALS_REFETCH_MS } from '../lib/background-schedule';
import { showToast } from '../lib/toast';
import { applyStreamEssentials, mergeFullEssentials, withUnreadCounts } from './merge';
import { createEssentialsStore, type EssentialsStore } from './store';
import { type ConnectStream, connectSocketIo, NO_SOCKET, type SocketStatus, type Stream } from './stream';
import type { AppEssentials, EssentialsUser, UnreadCounts } from './types';

export const ESSENTIALS_PATH = 'data-join/app-essentials';
/** The essentials' query: invalidate it to read them whole again now (after an order, say). */
export const ESSENTIALS_QUERY_KEY = ['app-essentials'] as const;
/** The essentials' retry delays (seconds) and refetch interval. */
export const ESSENTIALS_RETRY_DELAYS_SECONDS = [5, 15, 25] as const;
export { ESSENTIALS_REFETCH_MS };
/** The socket status is read every 5 s. */
export const SOCKET_STATUS_POLL_MS = 5_000;
/** The label of a failed essentials refetch. */
export const REFETCH_ERROR_TITLE = 'Refetch Error';

interface EssentialsContextValue {
  store: EssentialsStore;
  /** The failure of the first load (the layout shows it), null otherwise. */
  error: Error | null;
  socketStatus: SocketStatus;
  setUnreadCounts: (counts: Partial<UnreadCounts>) => void;
  /** Adds a listener of the stream's `lab-job` events; answers its removal. */
  onLabJob: (listener: LabJobListener) => () => void;
}

export type LabJobListener = (job: LabJob) => void;

const EssentialsContext = createContext<EssentialsContextValue | null>(null);

/**
 * The signed-in app's state (docs/web.md, Signed-in state): the essentials loaded at start and
 * every 2 minutes, merged with the stream's per-tick events; the stream connects while
 * authenticated.
 */
export function EssentialsProvider({
  children,
  connect = connectSocketIo,
}: {
  children: ReactNode;
  connect?: ConnectStream;
}) {
  const { authenticated, client } = useAuth();
  const [store] = useState(() => createEssentialsStore());
  const loaded = useSyncExternalStore(store.subscribe, () => store.get() !== undefined);
  const [socketStatus, setSocketStatus] = useState<SocketStatus>(NO_SOCKET);
  const [labJobListeners] = useState(() => new Set<LabJobListener>());

  const query = useQuery({
    queryKey: ESSENTIALS_QUERY_KEY,
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
    if (query.data !== undefined) store.update((previous) => mergeFullEssentials(previous, query.data));
  }, [store, query.data]);

  useEffect(() => {
    if (authenticated !== true) {
      store.update(() => undefined);
      return;
    }
    let connection: Stream | null = null;
    // A new object every 5 s would re-render every reader of the context: keep an equal one.
    const read = () => {
      const current = connection;
      if (current) setSocketStatus((previous) => sameStatus(previous, current.status()));
    };
    connection = connect(client.baseUrl, {
      onEssentials: (update) => store.update((previous) => applyStreamEssentials(previous, update)),
      onSessionEnded: (event) => client.tokens.end(event.message),
      onStatusChange: read,
      onLabJob: (job) => {
        for (const listener of labJobListeners) listener(job);
      },
    });
    const opened = connection;
    read();
    const timer = setInterval(read, SOCKET_STATUS_POLL_MS);
    return () => {
      clearInterval(timer);
      connection = null;
      opened.disconnect();
      setSocketStatus(NO_SOCKET);
    };
  }, [authenticated, client, connect, store, labJobListeners]);

  // The first load's failure is the layout's error panel; a later refetch's is a toast, and the
  // screen keeps the essentials it has (the stream goes on updating them).
  useEffect(() => {
    const failure = query.error;
    if (!failure || store.get() === undefined) return;
    void showToast((toast) => toast.error(REFETCH_ERROR_TITLE, { description: errorMessageOf(failure) }));
  }, [query.error, store]);

  const setUnreadCounts = useCallback(
    (counts: Partial<UnreadCounts>) => store.update((previous) => withUnreadCounts(previous, counts)),
    [store],
  );
  const onLabJob = useCallback(
    (listener: LabJobListener) => {
      labJobListeners.add(listener);
      return () => void labJobListeners.delete(listener);
    },
    [labJobListeners],
  );
  const error = loaded ? null : query.error;
  const value = useMemo(
    () => ({ store, error, socketStatus, setUnreadCounts, onLabJob }),
    [store, error, socketStatus, setUnreadCounts, onLabJob],
  );
  return <EssentialsContext.Provider value={value}>{children}</EssentialsContext.Provider>;
}

function sameStatus(previous: SocketStatus, next: SocketStatus): SocketStatus {
  const same =
    previous.state === next.state && previous.transport === next.transport && previous.error === next.error;
  return same ? previous : next;
}

function useEssentialsContext(): EssentialsContextValue {
  const value = useContext(EssentialsContext);
  if (!value) throw new Error('the essentials hooks need an <EssentialsProvider> above them');
  return value;
}

/**
 * One slice of the essentials; the component re-renders only when the slice changes (compared
 * with Object.is), so a selector answers a primitive or an object the merge keeps (user and version
 * between refetches; not exchangeConfig, which each tick renews with its mode), never a new
 * object per call.
 */
export function useEssentialsSelector<T>(select: (essentials: AppEssentials | undefined) => T): T {
  const { store } = useEssentialsContext();
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}

const whole = (essentials: AppEssentials | undefined) => essentials;
const user = (essentials: AppEssentials | undefined) => essentials?.user;

/** The app essentials, or undefined while loading: re-renders on every stream tick. */
export const useEssentials = (): AppEssentials | undefined => useEssentialsSelector(whole);
/** The signed-in user {id, nickname, authority}, or undefined while loading. */
export const useUser = (): EssentialsUser | undefined => useEssentialsSelector(user);
/** The realtime socket's status, read every 5 s. */
export const useSocketStatus = (): SocketStatus => useEssentialsContext().socketStatus;
/** Sets unread counts locally (after marking notifications or API errors read). */
export const useSetUnreadCounts = () => useEssentialsContext().setUnreadCounts;
/** The first load's failure, for the layout's error panel. */
export const useEssentialsError = (): Error | null => useEssentialsContext().error;

/** Calls `listener` with each `lab-job` event of the stream while mounted (keep it stable). */
export function useLabJobEvents(listener: LabJobListener): void {
  const { onLabJob } = useEssentialsContext();
  useEffect(() => onLabJob(listener), [onLabJob, listener]);
}
