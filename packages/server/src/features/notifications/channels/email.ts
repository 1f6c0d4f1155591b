import nodemailer from 'nodemailer';
import type { NotificationRecord } from '../repository.js';
import type { SendOutcome } from '../telegram/bot-api.js';
import { categoryOf } from './routing.js';

/** The SMTP server (its URL carries the login: never log it) and the envelope. */
export interface EmailTarget {
  smtpUrl: string;
  from: string;
  to: readonly string[];
}

/** A sender that keeps one SMTP transport (connection settings) for every message. */
export interface EmailSender {
  send(record: NotificationRecord, signal: AbortSignal): Promise<SendOutcome>;
  close(): void;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Subject, plain text and a simple HTML version of one notification. */
export function emailContent(record: NotificationRecord): { subject: string; text: string; html: string } {
  const time = new Date(record.event_time).toISOString();
  const category = categoryOf(record.sender);
  const subject = `[Balancer] ${record.title}`.replace(/[\r\n]+/g, ' ').slice(0, 200);
  const text = `${record.title}\n\n${record.description}\n\n${category} · from ${record.sender} · ${time}\n`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2 style="margin:0 0 12px">${escapeHtml(record.title)}</h2>`,
    `<p style="white-space:pre-wrap">${escapeHtml(record.description)}</p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(category)} · from ${escapeHtml(record.sender)} · ${time}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
}

/** Removes the login of SMTP_URL from text the server or the network stack produced. */
function scrub(text: string, smtpUrl: string): string {
  const url = new URL(smtpUrl);
  let clean = text;
  for (const part of [
    url.password,
    decodeURIComponent(url.password),
    url.username,
    decodeURIComponent(url.username),
  ])
    if (part.length >= 3) clean = clean.replaceAll(part, '[login]');
  return clean.replace(/\s+/g, ' ').slice(0, 300);
}

/**
 * Sorts a nodemailer failure: a refused login or a 5xx answer is final (the operator must act),
 * a 4xx answer, a timeout or a network error is retried.
 */
export function classifyEmailError(error: unknown, smtpUrl: string): SendOutcome {
  const failure = (error ?? {}) as SmtpError;
  const code = typeof failure.code === 'string' ? failure.code : 'unknown';
  const status = typeof failure.responseCode === 'number' ? failure.responseCode : null;
  const said = typeof failure.response === 'string' ? scrub(failure.response, smtpUrl) : null;
  const errorText = status !== null ? `SMTP ${status}${said ? `: ${said}` : ''}` : `SMTP ${code}`;
  if (code === 'EAUTH')
    return {
      kind: 'permanent',
      error: errorText,
      fix: 'the SMTP server refused the login: check the user and password in SMTP_URL',
    };
  if (status !== null && status >= 500)
    return {
      kind: 'permanent',
      error: errorText,
      fix: 'the SMTP server refused the message: check EMAIL_FROM, EMAIL_TO and the server',
    };
  return { kind: 'transient', error: errorText };
}

/** How long connecting, the greeting and each SMTP command may take, ms. */
export const SMTP_TIMEOUT_MS = 10_000;

/** An e-mail sender over SMTP_URL (smtps:// TLS, smtp:// STARTTLS when offered). Never throws. */
export function emailSender(target: EmailTarget, timeoutMs = SMTP_TIMEOUT_MS): EmailSender {
  const transport = nodemailer.createTransport({
    url: target.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // No logger: nodemailer's would print the conversation, login included.
    logger: false,
    debug: false,
  });
  return {
    async send(record, signal) {
      if (signal.aborted) return { kind: 'stopped' };
      const { subject, text, html } = emailContent(record);
      const sending = transport
        .sendMail({
          from: target.from,
          to: [...target.to],
          subject,
          text,
          html,
          messageId: `<notification-${record.id}-${record.event_time}@balancer>`,
        })
        .then((): SendOutcome => ({ kind: 'sent' }))
        .catch((error: unknown) => classifyEmailError(error, target.smtpUrl));
      const stopped = new Promise<SendOutcome>((resolve) =>
        signal.addEventListener('abort', () => resolve({ kind: 'stopped' }), { once: true }),
      );
      return Promise.race([sending, stopped]);
    },
    close: () => transport.close(),
  };
}
