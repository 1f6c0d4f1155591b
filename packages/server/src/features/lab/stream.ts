import { LAB_JOB_EVENT, type LabJob } from '@balancer/core';
import type { RealtimeServer } from '../../realtime/socket.js';

/** The least authority that sees backtest jobs on the stream (as on GET /lab/jobs). */
export const LAB_STREAM_AUTHORITY = 2;

/** The room of the sockets whose user may see backtest jobs (authority ≥ 2). */
export const LAB_JOBS_ROOM = 'lab-jobs';

/**
 * Sends a job's change (`lab-job`) to the connected sockets of users with authority ≥ 2 (the
 * handshake put the user on each socket; a change of authority ends the user's sessions, so a
 * socket's authority never changes). They are kept in one room, so one emit reaches them on
 * every instance (docs/cluster.md): a job runs on the instance that took it.
 */
export function labJobEmitter(io: RealtimeServer): (job: LabJob) => void {
  const join = (socket: { data: { user?: { authority: number } }; join(room: string): unknown }) => {
    if ((socket.data.user?.authority ?? 0) >= LAB_STREAM_AUTHORITY) void socket.join(LAB_JOBS_ROOM);
  };
  for (const socket of io.sockets.sockets.values()) join(socket);
  io.on('connection', join);
  return (job) => {
    io.to(LAB_JOBS_ROOM).emit(LAB_JOB_EVENT, job);
  };
}
