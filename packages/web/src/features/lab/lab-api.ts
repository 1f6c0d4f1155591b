import type {
  LabBacktestBody,
  LabDataSet,
  LabDataSetGaps,
  LabDownloadBody,
  LabJob,
  LabResult,
  LabResultSummary,
  LabSweepBody,
} from '@balancer/core';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../../auth/auth-context';
import { useLabJobEvents } from '../../essentials';
import { ApiError, currentApiBaseUrl, saveBlob } from '../../lib/api';
import { LAB_JOB_POLL_MS } from '../../lib/background-schedule';

export const labKeys = {
  dataSets: ['lab', 'data-sets'] as const,
  gaps: (name: string) => ['lab', 'data-sets', name, 'gaps'] as const,
  results: ['lab', 'results'] as const,
  job: (id: string) => ['lab', 'job', id] as const,
  result: (id: number) => ['lab', 'result', id] as const,
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

/** A data set's gaps (GET /lab/data-sets/:name/gaps), asked for once it is shown. */
export function useDataSetGaps(name: string) {
  const get = useGet();
  return useQuery({
    queryKey: labKeys.gaps(name),
    queryFn: () => get<LabDataSetGaps>(`lab/data-sets/${encodeURIComponent(name)}/gaps`),
  });
}

/** Stored results, newest first (GET /lab/results). */
export function useResults() {
  const get = useGet();
  return useQuery({ queryKey: labKeys.results, queryFn: () => get<LabResultSummary[]>('lab/results') });
}

/** POSTs that start a job: a backtest, a sweep or a download. */
export function useStartJob<Body>(path: 'lab/backtests' | 'lab/sweeps' | 'lab/downloads') {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => client.request<LabJob>({ method: 'POST', path, body, auth: true }),
    onSuccess: (job) => queryClient.setQueryData(labKeys.job(job.id), job),
  });
}
export const useStartBacktest = () => useStartJob<LabBacktestBody>('lab/backtests');
export const useStartDownload = () => useStartJob<LabDownloadBody>('lab/downloads');
export const useStartSweep = () => useStartJob<LabSweepBody>('lab/sweeps');

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

/** A stored result never changes: read once, kept while the tab lives. */
const STORED = { staleTime: Number.POSITIVE_INFINITY } as const;

/** GET /lab/results/:id: the summary with the whole report. */
export function useLabResult(id: number) {
  const { client } = useAuth();
  return useQuery({
    queryKey: labKeys.result(id),
    queryFn: () => client.request<LabResult>({ path: `lab/results/${id}`, auth: true }),
    ...STORED,
  });
}

/** Several stored results at once (Compare). */
export function useLabResults(ids: readonly number[]) {
  const { client } = useAuth();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: labKeys.result(id),
      queryFn: () => client.request<LabResult>({ path: `lab/results/${id}`, auth: true }),
      ...STORED,
    })),
  });
}

/**
 * GET /lab/results/:id/report.html with the session's token: the engine's self-contained HTML
 * report as text (an error answers the JSON envelope, turned into an ApiError).
 */
export async function fetchReportHtml(id: number, token: string | null): Promise<string> {
  const response = await fetch(`${currentApiBaseUrl()}/lab/results/${id}/report.html`, {
    credentials: 'include',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.headers.get('content-type')?.startsWith('text/html')) return response.text();
  const envelope = (await response.json().catch(() => null)) as { error?: string } | null;
  throw ApiError.fromCodedMessage(envelope?.error);
}

/** Saves text as a file through a temporary link (the browser's download). */
export function saveText(fileName: string, text: string, type: string): void {
  saveBlob(new Blob([text], { type }), fileName);
}
