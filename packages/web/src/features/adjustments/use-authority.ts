import { useUser } from '../../essentials';

/** The signed-in user's authority, undefined while the essentials load. */
export function useAuthority(): number | undefined {
  return useUser()?.authority;
}
