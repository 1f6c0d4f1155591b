import {
  labBacktestBodySchema,
  labDataSetGapsSchema,
  labDataSetListSchema,
  labDataSetNameParamsSchema,
  labDataSetRemovedSchema,
  labDeletedSchema,
  labDownloadBodySchema,
  labJobIdParamsSchema,
  labJobListSchema,
  labJobSchema,
  labLiveOriginAnswerSchema,
  labResultIdParamsSchema,
  labResultListSchema,
  labResultRowParamsSchema,
  labResultSchema,
  labSweepBodySchema,
  strategyConfigSchema,
} from '@balancer/core';
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import type { LabService } from './service.js';

const tag = 'lab';

/** The report page has inline CSS and SVG only: no scripts, fonts, frames or requests. */
const REPORT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * `/lab` (docs/backtesting.md, Backtest jobs (API)): reading and running backtests needs
 * authority 2, as other configuration work; applying a result to the live strategy needs 3 and a
 * one-time code, as PUT /position/strategy does.
 */
export function labRoutes(lab: LabService): RouteSpec[] {
  const { jobs } = lab;
  return [
    defineRoute({
      method: 'GET',
      url: '/lab/data-sets',
      summary: 'The candle files a backtest may replay: shipped and downloaded',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: labDataSetListSchema,
      handler: () => lab.dataSets(),
    }),
    defineRoute({
      method: 'GET',
      url: '/lab/data-sets/:name/gaps',
      summary: "A data set's gaps (exchange halts, outages): where candles are missing, never filled in",
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      schema: { params: labDataSetNameParamsSchema },
      response: labDataSetGapsSchema,
      handler: ({ params }) => lab.dataSetGaps(params.name),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/lab/data-sets/:name',
      summary: 'Remove a downloaded candle set by its listed name (not while a download of it runs)',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'guarded',
      schema: { params: labDataSetNameParamsSchema },
      response: labDataSetRemovedSchema,
      handler: ({ params }) => lab.removeDataSet(params.name),
    }),
    defineRoute({
      method: 'POST',
      url: '/lab/backtests',
      summary: 'Start a backtest job (queued behind LAB_JOB_CONCURRENCY running ones)',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'guarded',
      schema: { body: labBacktestBodySchema },
      response: labJobSchema,
      handler: ({ body, user }) => lab.startBacktest(body, user!),
    }),
    defineRoute({
      method: 'POST',
      url: '/lab/sweeps',
      summary: 'Start a parameter sweep job (at most 500 combinations; the count is in its inputs)',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'guarded',
      schema: { body: labSweepBodySchema },
      response: labJobSchema,
      handler: ({ body, user }) => lab.startSweep(body, user!),
    }),
    defineRoute({
      method: 'POST',
      url: '/lab/downloads',
      summary: "Start a candle download job (a market's candles through ccxt into a data set)",
      tag,
      authority: 2,
      otp: false,
      rateTier: 'guarded',
      schema: { body: labDownloadBodySchema },
      response: labJobSchema,
      handler: ({ body, user }) => lab.startDownload(body, user!),
    }),
    defineRoute({
      method: 'GET',
      url: '/lab/jobs',
      summary:
        'Lab jobs (backtests, sweeps, downloads), newest first: queued, running and the latest finished',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: labJobListSchema,
      handler: () => jobs.list(),
    }),
    defineRoute({
      method: 'GET',
      url: '/lab/jobs/:id',
      summary: "A lab job's status and progress, whichever instance runs it",
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      schema: { params: labJobIdParamsSchema },
      response: labJobSchema,
      handler: ({ params }) => jobs.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/lab/jobs/:id/cancel',
      summary: 'Cancel a queued or running lab job on any instance (nothing of it is stored)',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'guarded',
      schema: { params: labJobIdParamsSchema },
      response: labJobSchema,
      handler: ({ params }) => jobs.cancel(params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/lab/results',
      summary: 'Stored backtest and sweep results, newest first, without their reports',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: labResultListSchema,
      handler: () => lab.results(),
    }),
    defineRoute({
      method: 'GET',
      url: '/lab/results/:id',
      summary: 'A stored backtest result with its whole report',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      schema: { params: labResultIdParamsSchema },
      response: labResultSchema,
      handler: ({ params }) => lab.result(params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/lab/results/:id/report.html',
      summary: "A stored backtest's report as one self-contained HTML page, as a download",
      tag,
      authority: 2,
      otp: false,
      rateTier: 'standard',
      document: 'text/html',
      schema: { params: labResultIdParamsSchema },
      response: z.string(),
      handler: async ({ params, reply }) => {
        const html = await lab.resultHtml(params.id);
        return reply
          .header('content-security-policy', REPORT_CSP)
          .header('content-disposition', `attachment; filename="backtest-${params.id}.html"`)
          .type('text/html; charset=utf-8')
          .send(html);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/lab/results/:id',
      summary: 'Delete a stored backtest result',
      tag,
      authority: 2,
      otp: false,
      rateTier: 'guarded',
      schema: { params: labResultIdParamsSchema },
      response: labDeletedSchema,
      handler: ({ params }) => lab.deleteResult(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/lab/results/:id/apply',
      summary: "Replace the live strategy with a stored result's (as PUT /position/strategy)",
      tag,
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      schema: { params: labResultIdParamsSchema },
      response: strategyConfigSchema,
      handler: ({ params, user }) => lab.applyResult(params.id, user!),
    }),
    defineRoute({
      method: 'POST',
      url: '/lab/results/:id/rows/:row/apply',
      summary: "Replace the live strategy with a stored sweep's row's settings (row: its rank, 0 the best)",
      tag,
      authority: 3,
      otp: true,
      rateTier: 'guarded',
      schema: { params: labResultRowParamsSchema },
      response: strategyConfigSchema,
      handler: ({ params, user }) => lab.applySweepRow(params.id, params.row, user!),
    }),
    defineRoute({
      method: 'GET',
      url: '/lab/live-origin',
      summary:
        'The stored result (or sweep row) the live strategy was last applied from, its figures, and whether the live settings still match',
      tag,
      authority: 1,
      otp: false,
      rateTier: 'standard',
      response: labLiveOriginAnswerSchema,
      handler: () => lab.liveOrigin(),
    }),
  ];
}
