import { createHmac } from 'node:crypto';
import { byStatus, postOnce } from '../post-once.js';
import type { NotificationRecord } from '../repository.js';
import type { SendOutcome } from '../telegram/bot-api.js';
import { categoryOf } from './routing.js';

/** Where the webhook goes and its signing key: never log either (the URL may hold a token). */
export interface WebhookTarget {
  url: string;
  secret: string;
}

/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body>` (docs/notifications.md#webhooks). */
export const SIGNATURE_HEADER = 'x-balancer-signature';

/**
 * The JSON body: `id`, `time` (ISO 8601), `category`, `title`, `message` and `data` (the sender
 * and the epoch-ms time), plus `text` (Slack, Mattermost, Rocket.Chat, Google Chat) and `content`
 * (Discord) holding "title: message", so a chat's incoming webhook shows it as it is.
 */
export function webhookBody(record: NotificationRecord): string {
  const line = `${record.title}: ${record.description}`;
  return JSON.stringify({
    id: record.id,
    time: new Date(record.event_time).toISOString(),
    category: categoryOf(record.sender),
    title: record.title,
    message: record.description,
    data: { sender: record.sender, eventTime: record.event_time },
    text: line,
    content: line.slice(0, 2000),
  });
}

/** `sha256=` and the hex HMAC-SHA256 of exactly these bytes under `secret`. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Sorts an HTTP status into an outcome: 2xx sent, 429 and 5xx (and 408) retried, other 4xx final. */
export function classifyStatus(status: number, retryAfter: string | null): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  const error = `HTTP ${status}`;
  if (status === 429) {
    const seconds = Number(retryAfter);
    const wait = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) : 60;
    return { kind: 'rate-limited', retryAfterMs: wait * 1000, error };
  }
  if (status >= 500 || status === 408) return { kind: 'transient', error };
  if (status >= 300 && status < 400)
    return {
      kind: 'permanent',
      error,
      fix: 'the webhook answered a redirect: set WEBHOOK_URL to where it leads',
    };
  return {
    kind: 'permanent',
    error,
    fix: `the webhook refused the notification (${error}): check WEBHOOK_URL and the receiver`,
  };
}

/** POSTs one notification, signed; never throws. `signal` aborts it (shutdown). */
export function sendWebhook(
  target: WebhookTarget,
  record: NotificationRecord,
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<SendOutcome> {
  const body = webhookBody(record);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Balancer-Webhook/1',
    [SIGNATURE_HEADER]: signBody(body, target.secret),
  };
  return postOnce(target.url, { headers, body, redirect: 'manual' }, options, byStatus(classifyStatus));
}
