import type { GuardScope } from './guessing-policy.js';

/** Whose attempts are counted: an account, or a nickname that matches none (treated alike). */
export type GuardSubject = { userId: string } | { unknownNickname: string };

/** One count: a scope of one subject (guessing-policy.ts), stored as `key` in `account_guard`. */
export interface GuardKey {
  scope: GuardScope;
  key: string;
}

/** `user:<id>` or `nickname:<lower case>`: every key of a subject starts with it and a slash. */
export function subjectPrefix(subject: GuardSubject): string {
  return 'userId' in subject ? `user:${subject.userId}` : `nickname:${subject.unknownNickname.toLowerCase()}`;
}

/**
 * The keys a sign-in or password update counts under. From a device that signed in to the account
 * before (its device id from the signed cookie): that device alone. From any other device: the
 * account's new-device budget and its (account, address) pair.
 */
export function credentialKeys(
  subject: GuardSubject,
  ip: string | null,
  deviceId: string | null,
): GuardKey[] {
  const prefix = subjectPrefix(subject);
  if (deviceId !== null) return [{ scope: 'device', key: `${prefix}/device/${deviceId}` }];
  return [
    { scope: 'new-devices', key: `${prefix}/new-devices` },
    { scope: 'address', key: `${prefix}/address/${ip ?? 'unknown'}` },
  ];
}

/** The key a one-time code inside a live session counts under (`direct`: the service called without one). */
export function sessionKey(userId: string, sessionId: string | null): GuardKey {
  return { scope: 'session', key: `user:${userId}/session/${sessionId ?? 'direct'}` };
}

/** A stored key read back: whose, which scope, and the address or id it names (null for new-devices). */
export function parseKey(key: string): { userId: string; scope: GuardScope; detail: string | null } | null {
  const match = /^user:([^/]+)\/(new-devices|address|device|session)(?:\/(.+))?$/.exec(key);
  if (!match?.[1] || !match[2]) return null;
  return { userId: match[1], scope: match[2] as GuardScope, detail: match[3] ?? null };
}
