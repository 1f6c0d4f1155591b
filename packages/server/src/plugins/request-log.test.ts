import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { capturingLogger } from '../testing/capturing-logger.js';
import { useRequestLog } from './request-log.js';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

async function requestLines(level: 'info' | 'debug'): Promise<Record<string, unknown>[]> {
  const { logger, lines } = capturingLogger({ level });
  app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
  }) as unknown as FastifyInstance;
  useRequestLog(app);
  app.get('/ping', async () => 'pong');
  await app.inject({ method: 'GET', url: '/ping?cursor=7' });
  await app.inject({ method: 'GET', url: '/ping' });
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.msg === 'request');
}

describe('request log', () => {
  it('is silent at the default level: requests do not bury the terminal', async () => {
    expect(await requestLines('info')).toEqual([]);
  });

  it('writes one line per request with LOG_LEVEL=debug, the path without its query', async () => {
    const lines = await requestLines('debug');
    expect(lines.map((line) => [line.method, line.path, line.status])).toEqual([
      ['GET', '/ping', 200],
      ['GET', '/ping', 200],
    ]);
  });
});
