import type { LabResult } from '@balancer/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { ApiError, currentApiBaseUrl } from '../../lib/api';

export const labKeys = {
  result: (id: number) => ['lab', 'result', id] as const,
};

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
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
