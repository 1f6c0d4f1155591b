import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSpec } from '../../http/route-spec.js';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { composeServices } from '../../platform/compose.js';
import { Platform } from '../../platform/platform.js';
import { buildTestApp, TEST_CONFIG } from '../../testing/test-app.js';
import { escapeHtml } from './docs-page.js';
import { toJsonSchema } from './route-description.js';

// The same table the test app registers (composeServices is what buildTestApp uses).
const table: RouteSpec[] = composeServices(
  new Platform(),
  TEST_CONFIG,
  createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() }),
).routes;
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(() => app.close());

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document, served before the platform is ready, outside the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Balancer API');
    expect(doc.components.schemas.Envelope.required).toEqual(['success', 'data', 'error']);
  });

  it('describes every route of the table with its access rules', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operations = Object.values(doc.paths as Record<string, object>).flatMap((item) =>
      Object.keys(item),
    );
    expect(operations).toHaveLength(table.length);
    const operationIds = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((item) => Object.values(item))
      .map((operation) => operation.operationId);
    expect(new Set(operationIds).size).toBe(table.length);
    for (const route of table) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation.summary).toBe(route.summary);
      expect(operation.tags).toEqual([route.tag]);
      expect(operation['x-authority']).toBe(route.authority);
      expect(operation['x-otp']).toBe(route.otp);
      expect(operation['x-rate-tier']).toBe(route.rateTier);
      expect(operation.security).toEqual(route.authority > 0 ? [{ bearerAuth: [] }] : []);
      const otpHeader = (operation.parameters ?? []).some((p: { name: string }) => p.name === 'otp-token');
      expect(otpHeader).toBe(route.otp);
      const answer = operation.responses['200'].content;
      if (route.document) {
        expect(answer[route.document].schema).toEqual(toJsonSchema(route.response, 'output'));
      } else {
        const [envelope, data] = answer['application/json'].schema.allOf;
        expect(envelope).toEqual({ $ref: '#/components/schemas/Envelope' });
        const schema = toJsonSchema(route.response, 'output');
        expect(data.properties.data, `${route.method} ${route.url}`).toEqual(
          schema.type === 'null' ? schema : { anyOf: [schema, { type: 'null' }] },
        );
      }
    }
  });

  it('documents each answer from the contract and lists the guards in the order they run', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const data = (path: string, method: string) =>
      doc.paths[path][method].responses['200'].content['application/json'].schema.allOf[1].properties.data;
    expect(data('/ip-blacklist', 'get').anyOf[0]).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['id', 'ip', 'notes', 'event_time'] },
    });
    expect(data('/auth/jwt/sign-out', 'post')).toEqual({ type: 'null' });
    const order = ['(6002)', '(4000)', '(4001)', '(6003)', '(4252)', '(4002)', '(4003, 4004)', '(6503)'];
    const positions = order.map((code) => doc.info.description.indexOf(code));
    expect(positions.every((at: number) => at >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('converts the zod schemas of body, query and path', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const create = doc.paths['/ip-blacklist'].post;
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { ip: { type: 'string', minLength: 5, maxLength: 300 } },
      required: ['ip'],
    });
    const list = doc.paths['/ip-blacklist'].get;
    expect(list.parameters).toContainEqual({
      name: 'limit',
      in: 'query',
      required: true,
      schema: { type: 'integer', minimum: 1, maximum: 30 },
    });
    expect(list.parameters.find((p: { name: string }) => p.name === 'startAtID').required).toBe(false);
    const update = doc.paths['/ip-blacklist/{id}'].put;
    expect(update.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(update.description).toContain('authority 3 or higher');
    expect(update.description).toContain('otp-token');
  });
});

describe('GET /docs', () => {
  it('is a self-contained page listing every route under its tag', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    // Nothing to run or fetch: the CSP forbids inline scripts, and the page needs no network.
    expect(html).not.toMatch(/<script|<link|\ssrc=|https?:\/\//i);
    for (const route of table) {
      expect(html, `${route.method} ${route.url}`).toContain(
        `<span class="method ${route.method}">${route.method}</span><code>${escapeHtml(openApiPath(route.url))}</code>`,
      );
      expect(html).toContain(`<section id="tag-${route.tag}"><h2>${route.tag}</h2>`);
    }
    expect(html).toContain('One-time code (otp-token header)');
    expect(html).toContain('Rate tier guarded: 40 / 15 min per IP');
  });

  it('escapes what it shows', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
