import { describe, expect, it } from 'vitest';
import { capturingLogger } from '../testing/capturing-logger.js';
import { buildTestApp } from '../testing/test-app.js';
import { LazyChildLogger } from './lazy-child.js';

describe('LazyChildLogger', () => {
  it("makes pino's child only for a line at an enabled level, and writes it with the bindings", () => {
    const { logger, lines } = capturingLogger({ level: 'info' });
    let children = 0;
    const parent = Object.assign(Object.create(logger) as typeof logger, {
      child: (...args: Parameters<typeof logger.child>) => {
        children += 1;
        return logger.child(...args);
      },
    });
    const lazy = new LazyChildLogger(parent, { reqId: 'req-7' }, {});
    lazy.debug({ path: '/ping' }, 'request');
    lazy.trace('nothing');
    expect([children, lines]).toEqual([0, []]);
    lazy.info({ code: 4252 }, 'request rejected');
    lazy.warn('again');
    expect(children).toBe(1);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
      { level: 30, reqId: 'req-7', code: 4252, msg: 'request rejected' },
      { level: 40, reqId: 'req-7', msg: 'again' },
    ]);
  });
});

describe("the app's request log", () => {
  const requestLines = async (level: 'info' | 'debug') => {
    const logLines: string[] = [];
    const { app } = await buildTestApp({ config: { LOG_LEVEL: level }, logLines });
    try {
      await app.inject({ method: 'GET', url: '/ping?x=1' });
      await app.inject({ method: 'GET', url: '/no-such-route' });
    } finally {
      await app.close();
    }
    return logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
  };

  it('writes one line per request at LOG_LEVEL=debug, each with its request id', async () => {
    const lines = await requestLines('debug');
    expect(lines.map((line) => [line.method, line.path, line.status])).toEqual([
      ['GET', '/ping', 200],
      ['GET', '/no-such-route', 404],
    ]);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(2);
  });

  it('writes none at the default level', async () => {
    expect(await requestLines('info')).toEqual([]);
  });
});
