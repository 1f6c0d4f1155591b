/** The room every socket of one user joins: later events go to one user's devices at once. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** The room of one session's sockets (one signed-in device). */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}
