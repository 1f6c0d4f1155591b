import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';

export interface Caller {
  id: string;
  nickname: string;
  authority: number;
}

export const CALLER_QUERY_KEY = ['auth', 'user', 'me'] as const;

/**
 * The signed-in caller (GET auth/user/me), undefined while loading. A stand-in until the shared
 * essentials hook (features/essentials `useUser()`) exists; the server enforces authority anyway.
 */
export function useCaller(): Caller | undefined {
  const { client } = useAuth();
  const { data } = useQuery({
    queryKey: CALLER_QUERY_KEY,
    queryFn: () => client.request<Caller>({ path: 'auth/user/me', auth: true }),
    staleTime: 60_000,
  });
  return data;
}
