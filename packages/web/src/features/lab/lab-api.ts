import type { LabBacktestBody, LabDataSet, LabDownloadBody, LabJob, LabResultSummary } from '@balancer/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../../auth/auth-context';
import { useLabJobEvents } from '../../essentials';
import { LAB_JOB_POLL_MS } from '../../lib/background-schedule';

export const labKeys = {
  dataSets: ['lab', 'data-sets'] as const,
  results: ['lab', 'results'] as const,
  job: (id: string) => ['lab', 'job', id] as const,
};

/** A job that will not change any more. */
export const jobFinished = (job: LabJob): boolean =>
  job.status === 'done' || job.status === 'failed' || job.status === 'cancelled';

function useGet() {
  const { client } = useAuth();
  return <T>(path: string) => client.request<T>({ path, auth: true });
}

/** The candle sets (GET /lab/data-sets). */
export function useDataSets() {
  const get = useGet();
  return useQuery({ queryKey: labKeys.dataSets, queryFn: () => get<LabDataSet[]>('lab/data-sets') });
}

/** Stored results, newest first (GET /lab/results). */
export function useResults() {
  const get = useGet();
  return useQuery({ queryKey: labKeys.results, queryFn: () => get<LabResultSummary[]>('lab/results') });
}

/** POSTs that start a job: a backtest or a download. */
export function useStartJob<Body>(path: 'lab/backtests' | 'lab/downloads') {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => client.request<LabJob>({ method: 'POST', path, body, auth: true }),
    onSuccess: (job) => queryClient.setQueryData(labKeys.job(job.id), job),
  });
}
export const useStartBacktest = () => useStartJob<LabBacktestBody>('lab/backtests');
export const useStartDownload = () => useStartJob<LabDownloadBody>('lab/downloads');

export function useCancelJob() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      client.request<LabJob>({ method: 'POST', path: `lab/jobs/${id}/cancel`, auth: true }),
    onSuccess: (job) => queryClient.setQueryData(labKeys.job(job.id), job),
  });
}

/** DELETE /lab/data-sets/:name (a downloaded set, by its listed name). */
export function useRemoveDataSet() {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      client.request<{ name: string }>({
        method: 'DELETE',
        path: `lab/data-sets/${encodeURIComponent(name)}`,
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labKeys.dataSets }),
  });
}

/**
 * One job as it runs: the stream's `lab-job` events bring each change; GET /lab/jobs/:id is read
 * at start and every LAB_JOB_POLL_MS while it is not finished (a socket can drop an event).
 */
export function useLabJob(id: string | null) {
  const get = useGet();
  const queryClient = useQueryClient();
  const listener = useCallback(
    (job: LabJob) => {
      if (job.id === id) queryClient.setQueryData(labKeys.job(job.id), job);
    },
    [id, queryClient],
  );
  useLabJobEvents(listener);
  return useQuery({
    queryKey: labKeys.job(id ?? ''),
    enabled: id !== null,
    queryFn: () => get<LabJob>(`lab/jobs/${id}`),
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && jobFinished(job) ? false : LAB_JOB_POLL_MS;
    },
  });
}
