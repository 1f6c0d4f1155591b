import type { StrategyConfig } from '@balancer/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../auth/auth-context';

/** The live strategy settings, under Adjustments' query key so both read one copy. */
export function useLiveStrategy() {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['adjustments', 'strategy'],
    queryFn: () => client.request<StrategyConfig>({ path: 'position/strategy', auth: true }),
  });
}

/** POST lab/results/:id/rows/:row/apply with the one-time code; refreshes the live settings and origin. */
export function useApplyRow(resultId: number) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, otpToken }: { row: number; otpToken: string }) =>
      client.request<StrategyConfig>({
        method: 'POST',
        path: `lab/results/${resultId}/rows/${row}/apply`,
        auth: true,
        otpToken,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(['adjustments', 'strategy'], saved);
      await queryClient.invalidateQueries({ queryKey: ['lab', 'live-origin'] });
    },
  });
}
