import type { LabJob } from '@balancer/core';
import type { SpawnedServer } from '@balancer/server/testing';
import { expect } from 'vitest';
import { callApi } from './sign-in';

/** Browser tests: starts a backtest through the API, polls its job until it ends; the result's id. */
export async function runBacktestJob(server: SpawnedServer, token: string, body: object): Promise<number> {
  let job = await callApi<LabJob>(server, { method: 'POST', path: 'lab/backtests', body, token });
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = await callApi<LabJob>(server, { path: `lab/jobs/${job.id}`, token });
  }
  expect(job.status, JSON.stringify(job.error)).toBe('done');
  return job.resultId!;
}
