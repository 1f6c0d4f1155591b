import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient } from './client';

/** Records a list route answers at most per page (docs/operations-api.md). */
export const ID_PAGE_SIZE = 30;

/**
 * A list read page by page with the exclusive `startAtID` cursor (newest first): a page shorter
 * than ID_PAGE_SIZE is the last. `client` is the session's (useAuth).
 */
export function useIdPages<T extends { id: number }>(
  client: ApiClient,
  key: readonly unknown[],
  path: string,
  params: Record<string, string> = {},
) {
  const query = useInfiniteQuery({
    queryKey: [...key, params],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => {
      const search = new URLSearchParams({ limit: String(ID_PAGE_SIZE), ...params });
      if (pageParam !== undefined) search.set('startAtID', String(pageParam));
      return client.request<T[]>({ path: `${path}?${search}`, auth: true });
    },
    getNextPageParam: (last) => (last.length < ID_PAGE_SIZE ? undefined : last.at(-1)?.id),
  });
  return { ...query, records: query.data?.pages.flat() ?? [] };
}
