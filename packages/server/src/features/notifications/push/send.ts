import webpush from 'web-push';
import { categoryOf, screenOf } from '../channels/routing.js';
import { classifyStatus } from '../channels/webhook.js';
import { byStatus, postOnce } from '../post-once.js';
import type { NotificationRecord } from '../repository.js';
import type { SendOutcome } from '../telegram/bot-api.js';
import type { StoredSubscription } from './subscriptions.js';
import type { VapidKeys } from './vapid.js';

/** How long a push service keeps an undelivered message (the TTL header), s: a day. */
export const PUSH_TTL_S = 24 * 3600;

/** Web Push carries at most 4 kB; the message is cut well below that. */
const MAX_MESSAGE = 1800;

/** What the service worker (web public/push-sw.js) reads: shown as the notification, `url` opened on a click. */
export function pushPayload(record: NotificationRecord): string {
  const category = categoryOf(record.sender);
  const message =
    record.description.length > MAX_MESSAGE
      ? `${record.description.slice(0, MAX_MESSAGE - 1)}…`
      : record.description;
  return JSON.stringify({
    id: record.id,
    title: record.title,
    message,
    category,
    time: record.event_time,
    url: screenOf(category),
  });
}

/** A push service's answer; 404 and 410 mean the subscription is gone (RFC 8030 §7.3). */
export function classifyPushStatus(status: number, retryAfter: string | null): SendOutcome & { gone?: true } {
  if (status === 404 || status === 410)
    return {
      kind: 'permanent',
      error: `HTTP ${status}: the subscription has expired or was withdrawn`,
      fix: 'the device turned push off or its subscription expired: it was removed (turn push on again there)',
      gone: true,
    };
  const outcome = classifyStatus(status, retryAfter);
  if (outcome.kind === 'permanent')
    return { ...outcome, fix: `the push service refused the message (${outcome.error})` };
  return outcome;
}

/**
 * Encrypts the payload for the subscription (RFC 8291, aes128gcm), signs the VAPID JWT for the
 * endpoint's origin (RFC 8292, 12 h) with web-push, and POSTs it. Never throws.
 */
export async function sendPush(
  subscription: StoredSubscription,
  record: NotificationRecord,
  vapid: VapidKeys,
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<SendOutcome & { gone?: true }> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: subscription.keys },
      pushPayload(record),
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: PUSH_TTL_S,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch (error) {
    // Keys the library cannot use: the subscription can never receive anything.
    return {
      kind: 'permanent',
      error: `the subscription's keys are unusable (${(error as Error).name})`,
      fix: 'the device must turn push off and on again',
      gone: true,
    };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value);
  delete headers['Content-Length'];
  const body = request.body ? new Uint8Array(request.body) : new Uint8Array();
  return postOnce(
    request.endpoint,
    { headers, body, redirect: 'manual' },
    options,
    byStatus(classifyPushStatus),
  );
}
