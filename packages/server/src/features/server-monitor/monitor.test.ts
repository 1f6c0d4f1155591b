import { type CodedError, DEFAULT_SERVER_ALARMS, type ServerAlarmsConfig } from '@balancer/core';
import { describe, expect, it, vi } from 'vitest';
import { capturingLogger } from '../../testing/capturing-logger.js';
import type { NewNotification } from '../notifications/service.js';
import { ServerMonitor } from './monitor.js';
import type { SystemReading } from './sample.js';
import { readingAt } from './test-readings.js';

/** A reader whose readings the test releases one by one. */
function heldReader() {
  const waiting: Array<(reading: SystemReading) => void> = [];
  let reads = 0;
  return {
    reader: {
      read: () => {
        reads += 1;
        return new Promise<SystemReading>((resolve) => waiting.push(resolve));
      },
    },
    release: (reading: SystemReading) => waiting.shift()?.(reading),
    reads: () => reads,
  };
}

function monitorWith(
  reader: { read(): Promise<SystemReading> },
  notify = async (_: NewNotification) => {},
  thresholds = async (): Promise<ServerAlarmsConfig> => DEFAULT_SERVER_ALARMS,
) {
  const { logger, lines: logLines } = capturingLogger();
  const monitor = new ServerMonitor({
    reader,
    thresholds,
    notify,
    logger,
    now: () => 1_000,
  });
  return { monitor, logLines };
}

describe('ServerMonitor', () => {
  it('samples at start, shares a reading in flight, and stop() waits for it', async () => {
    const held = heldReader();
    const { monitor } = monitorWith(held.reader);
    monitor.start();
    const latest = monitor.latest();
    expect(held.reads()).toBe(1); // latest() joined the start's reading
    let stopped = false;
    const stopping = monitor.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    held.release(readingAt(10, 20, 30));
    await stopping;
    expect((await latest).memory.percent).toBe(20);
    expect(await monitor.latest()).toBe(await latest); // kept, not read again
    expect(held.reads()).toBe(1);
  });

  it('samples again every interval until stopped', async () => {
    vi.useFakeTimers();
    try {
      let reads = 0;
      const { monitor } = monitorWith({
        read: async () => {
          reads += 1;
          return readingAt(10, 10, 10);
        },
      });
      monitor.start();
      await vi.advanceTimersByTimeAsync(2 * 60_000);
      expect(reads).toBe(3); // at start, then at 60 s and 120 s
      await monitor.stop();
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(reads).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers SERVER_SAMPLE_UNAVAILABLE when the first reading fails', async () => {
    const { monitor } = monitorWith({ read: () => Promise.reject(new Error('no /proc')) });
    const error = await monitor.latest().then(
      () => null,
      (caught: CodedError) => caught,
    );
    expect(error?.code).toBe(7001);
    expect(error?.message).toContain('no /proc');
  });

  it('gives up on a reading that hangs, so stop() does not wait forever', async () => {
    vi.useFakeTimers();
    try {
      const { monitor, logLines } = monitorWith({ read: () => new Promise<SystemReading>(() => {}) });
      monitor.start();
      await vi.advanceTimersByTimeAsync(10_000); // READ_TIMEOUT_MS
      await monitor.stop();
      expect(logLines.some((line) => line.includes('the reading took over 10000 ms'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an alarm armed when its notification could not be stored, and retries', async () => {
    let fail = true;
    const sent: string[] = [];
    const { monitor, logLines } = monitorWith({ read: async () => readingAt(90, 10, 10) }, async (n) => {
      if (fail) throw new Error('database down');
      sent.push(n.title);
    });
    await monitor.sample();
    expect(sent).toEqual([]);
    expect(logLines.some((line) => line.includes('server alarm notification failed'))).toBe(true);
    fail = false;
    await monitor.sample();
    await monitor.sample();
    expect(sent).toEqual(['CPU load is 90 % (alarm at 75 %)']); // once, on the retry
  });

  it('keeps the sample when the thresholds cannot be read', async () => {
    const { monitor, logLines } = monitorWith({ read: async () => readingAt(90, 10, 10) }, undefined, () =>
      Promise.reject(new Error('not ready')),
    );
    expect((await monitor.sample()).cpu.load).toBe(90);
    expect(logLines.some((line) => line.includes('server alarms could not be checked'))).toBe(true);
  });
});
