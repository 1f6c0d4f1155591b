import type { LabDataSet, LabJob, LabResult, LabSweepBody, StrategyConfig } from '@balancer/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../auth/auth-context';
import { LAB_JOB_POLL_MS } from '../../../lib/background-schedule';

const FINISHED: readonly LabJob['status'][] = ['done', 'failed', 'cancelled'];
export const isFinished = (job: LabJob) => FINISHED.includes(job.status);

/** GET lab/data-sets: the candle sets a sweep may replay. */
export function useDataSets() {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['lab', 'data-sets'],
    queryFn: () => client.request<LabDataSet[]>({ path: 'lab/data-sets', auth: true }),
  });
}

/** POST lab/sweeps: answers the queued job. */
export function useStartSweep() {
  const { client } = useAuth();
  return useMutation({
    mutationFn: (body: LabSweepBody) =>
      client.request<LabJob>({ method: 'POST', path: 'lab/sweeps', body, auth: true }),
  });
}

/** GET lab/jobs/:id, read again every LAB_JOB_POLL_MS until the job ends. */
export function useJob(id: string | null) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['lab', 'job', id],
    enabled: id !== null,
    queryFn: () => client.request<LabJob>({ path: `lab/jobs/${id}`, auth: true }),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : LAB_JOB_POLL_MS),
  });
}

/** POST lab/jobs/:id/cancel. */
export function useCancelJob() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      client.request<LabJob>({ method: 'POST', path: `lab/jobs/${id}/cancel`, auth: true }),
    onSuccess: (job) => queryClient.setQueryData(['lab', 'job', job.id], job),
  });
}

/** GET lab/results/:id. */
export function useResult(id: number) {
  const { client } = useAuth();
  return useQuery({
    queryKey: ['lab', 'result', id],
    queryFn: () => client.request<LabResult>({ path: `lab/results/${id}`, auth: true }),
  });
}

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
