/** The room every socket of one user joins: later events go to one user's devices at once. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** The room of one session's sockets (one signed-in device). */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/**
 * The room of one user's sockets that follow the stream's essentials: each holds the user's
 * essentials of the last tick, so the next tick's patch applies to it (features/engine/stream.ts).
 */
export function essentialsRoom(userId: string): string {
  return `essentials:${userId}`;
}
