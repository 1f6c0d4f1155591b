import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import { SERVER_VERSION } from '../../paths.js';
import { renderDocsPage } from './docs-page.js';
import { type ApiInfo, buildOpenApiDocument } from './document.js';

/**
 * `GET /openapi.json` and `GET /docs` (public): the route table as an OpenAPI 3.1 document and as
 * a readable page. Both are built on first use, when the table is complete (this route's own
 * entries included), and kept: the table does not change while the server runs.
 */
export function openApiRoutes(getRoutes: () => readonly RouteSpec[]): RouteSpec[] {
  const info: ApiInfo = { title: 'Balancer API', version: SERVER_VERSION };
  let document: Record<string, unknown> | undefined;
  let page: string | undefined;
  return [
    defineRoute({
      method: 'GET',
      url: '/openapi.json',
      summary: 'This API as an OpenAPI 3.1 document (not wrapped in the envelope)',
      tag: 'docs',
      authority: 0,
      otp: false,
      rateTier: 'open',
      beforeReady: true,
      document: 'application/json',
      response: z.record(z.string(), z.unknown()),
      handler: async ({ reply }) => {
        document ??= buildOpenApiDocument(getRoutes(), info);
        return reply
          .header('cache-control', 'no-cache')
          .type('application/json; charset=utf-8')
          .send(document);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/docs',
      summary: 'This API as a readable page: routes by tag with access rules and schemas',
      tag: 'docs',
      authority: 0,
      otp: false,
      rateTier: 'open',
      beforeReady: true,
      document: 'text/html',
      response: z.string(),
      handler: async ({ reply }) => {
        page ??= renderDocsPage(getRoutes(), info);
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
      },
    }),
  ];
}
