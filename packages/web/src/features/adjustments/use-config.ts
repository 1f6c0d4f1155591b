import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import type { ConfigSpec } from '../../components/config-fields/config-specs';

/** The current config (GET) and its save (PUT `{newConfig}` with the one-time code). */
export function useConfig(spec: ConfigSpec) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const key = ['adjustments', spec.id];
  const query = useQuery({
    queryKey: key,
    queryFn: () => client.request<unknown>({ path: spec.path, auth: true }),
  });
  const save = useMutation({
    mutationFn: ({ config, otpToken }: { config: unknown; otpToken: string }) =>
      client.request<unknown>({
        method: 'PUT',
        path: spec.path,
        body: { newConfig: config },
        auth: true,
        otpToken,
      }),
    onSuccess: (stored) => queryClient.setQueryData(key, stored),
  });
  return { query, save };
}
