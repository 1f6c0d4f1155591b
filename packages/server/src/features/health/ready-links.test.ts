import { projectLinksSchema } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/connect.js';
import { Platform } from '../../platform/platform.js';
import { buildTestApp } from '../../testing/test-app.js';

async function readyLinks(config: { SOURCE_CODE_URL?: string; CONTACT_EMAIL?: string }) {
  const platform = new Platform();
  platform.markReady({ kind: 'pglite' } as DatabaseHandle);
  const { app } = await buildTestApp({ platform, config });
  try {
    const answer = await app.inject({ method: 'GET', url: '/ready' });
    expect(answer.statusCode).toBe(200);
    // The payload's field is core's schema (the web app reads it typed by it).
    return projectLinksSchema.parse(answer.json().data.links);
  } finally {
    await app.close();
  }
}

describe('GET /ready carries the configured project links', () => {
  it('as configured', async () => {
    const links = await readyLinks({
      SOURCE_CODE_URL: 'https://git.example.org/me/balancer',
      CONTACT_EMAIL: 'ops@example.org',
    });
    expect(links).toEqual({
      sourceCodeUrl: 'https://git.example.org/me/balancer',
      contactEmail: 'ops@example.org',
    });
  });

  it('as null when unset, never a placeholder', async () => {
    expect(await readyLinks({})).toEqual({ sourceCodeUrl: null, contactEmail: null });
  });
});
