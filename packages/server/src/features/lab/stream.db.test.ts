import { LAB_JOB_EVENT, type LabJob, labJobSchema } from '@balancer/core';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../logging/logger.js';
import { SecretMasker } from '../../logging/masker.js';
import { attachRealtime, type Realtime } from '../../realtime/socket.js';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { streamSocket } from '../../testing/stream-client.js';
import { type Operator, signedInOperator } from '../engine/test-support.js';
import { labJobEmitter } from './stream.js';
import { HOURLY_SET } from './test-support.js';

// The `lab-job` event on the /stream/ socket, wired as platform/start.ts wires it: a job's changes
// reach users with authority 2 or more, and nobody else.

describeEachReadyApp('backtest jobs on the stream', (ready) => {
  const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
  const sockets: Socket[] = [];
  let realtime: Realtime;
  let url: string;
  let viewer: Operator;
  let operator: Operator;

  beforeAll(async () => {
    const { app, services, config } = ready();
    realtime = attachRealtime(app, services, logger, config);
    services.lab.runner.onChange = labJobEmitter(realtime.io);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    viewer = await signedInOperator(ready(), 1);
    operator = await signedInOperator(ready(), 2);
  });
  afterAll(async () => {
    await ready().services.lab.runner.stop();
    for (const socket of sockets) socket.disconnect();
    await realtime.close();
  });

  /** A connected client keeping its `lab-job` events; `done` resolves at a finished job's event. */
  const follow = (cookie: string) =>
    new Promise<{ jobs: LabJob[]; done: Promise<LabJob> }>((resolve, reject) => {
      const socket = streamSocket(url, cookie);
      sockets.push(socket);
      const jobs: LabJob[] = [];
      let finished: (job: LabJob) => void = () => {};
      const done = new Promise<LabJob>((settle) => {
        finished = settle;
      });
      socket.on(LAB_JOB_EVENT, (payload: unknown) => {
        const job = labJobSchema.parse(payload);
        jobs.push(job);
        if (job.status === 'done' || job.status === 'failed' || job.status === 'cancelled') finished(job);
      });
      socket.once('connect', () => resolve({ jobs, done }));
      socket.once('connect_error', reject);
    });

  it("sends a job's progress and end to authority 2, nothing to authority 1", async () => {
    const low = await follow(viewer.cookie);
    const high = await follow(operator.cookie);
    const started = await operator.send({
      method: 'POST',
      url: '/lab/backtests',
      body: { dataSet: HOURLY_SET, from: '2018-01-01', to: '2018-01-31', strategy: 'live' },
    });
    expect(started.error).toBeNull();
    const done = await high.done;
    expect(done).toMatchObject({ id: (started.data as LabJob).id, status: 'done', progress: 1 });
    expect(high.jobs.map((job) => job.status)).toContain('running');
    expect(high.jobs.some((job) => job.status === 'running' && job.progress > 0 && job.progress < 1)).toBe(
      true,
    );
    expect(low.jobs).toEqual([]);
  }, 60_000);
});
