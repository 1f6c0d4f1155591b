import { CodedError } from '@balancer/core';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Platform } from '../../platform/platform.js';
import { capturingLogger } from '../../testing/capturing-logger.js';
import { ApiErrorLog } from './service.js';

const logged = () => capturingLogger();

const request = {
  routeOptions: { url: '/x' },
  url: '/x?password=p',
  method: 'POST',
  authUser: { id: '00000000-0000-4000-8000-000000000001', nickname: 'alice', authority: 3 },
  ip: '127.0.0.1',
  body: { password: 'p' },
  query: {},
  params: {},
} as unknown as FastifyRequest;

describe('ApiErrorLog.record', () => {
  it('returns at once and logs a failed write instead of throwing (database not open)', async () => {
    const { lines, logger } = logged();
    const log = new ApiErrorLog(new Platform(), logger);
    expect(log.record(request, new CodedError('INTERNAL_ERROR'))).toBeUndefined();
    await log.flush();
    expect(lines.join('\n')).toContain('could not write an API error');
  });

  it('logs a request it cannot read instead of throwing', async () => {
    const { lines, logger } = logged();
    const log = new ApiErrorLog(new Platform(), logger);
    const broken = Object.defineProperty({ ...request }, 'body', {
      get: () => {
        throw new Error('unreadable');
      },
    }) as FastifyRequest;
    expect(() => log.record(broken, new CodedError('INTERNAL_ERROR'))).not.toThrow();
    await log.flush();
    expect(lines.join('\n')).toContain('could not describe an API error');
  });
});
