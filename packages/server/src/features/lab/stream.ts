import { LAB_JOB_EVENT, type LabJob } from '@balancer/core';
import type { RealtimeServer } from '../../realtime/socket.js';

/** The least authority that sees backtest jobs on the stream (as on GET /lab/jobs). */
export const LAB_STREAM_AUTHORITY = 2;

/**
 * Sends a job's change (`lab-job`) to the connected sockets of users with authority ≥ 2 (the
 * handshake put the user on each socket). One emit per change, to those sockets only.
 */
export function labJobEmitter(io: RealtimeServer): (job: LabJob) => void {
  return (job) => {
    const ids: string[] = [];
    for (const socket of io.sockets.sockets.values()) {
      if ((socket.data.user?.authority ?? 0) >= LAB_STREAM_AUTHORITY) ids.push(socket.id);
    }
    if (ids.length > 0) io.to(ids).emit(LAB_JOB_EVENT, job);
  };
}
