import { createECDH } from 'node:crypto';

/*
 * Checks of the notification channels' settings. Their messages never repeat the value: an
 * SMTP_URL carries a password, and a webhook URL often a token in its path.
 */

/** The parsed URL, or null when the text is not one. */
function parsed(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Why an SMTP_URL cannot be used (null when it can): smtp:// or smtps://, a host, a valid port. */
export function smtpUrlProblem(value: string): string | null {
  const url = parsed(value);
  if (!url) return 'must be a URL like smtps://user:password@mail.example.org:465';
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    return `must start with smtp:// (STARTTLS) or smtps:// (TLS), not ${url.protocol}//`;
  if (!url.hostname) return 'must name the SMTP server, like smtps://user:password@mail.example.org:465';
  if (url.password && !url.username) return 'has a password but no user name';
  return null;
}

/** Why a WEBHOOK_URL cannot be used (null when it can): an http(s) URL without user info. */
export function webhookUrlProblem(value: string): string | null {
  const url = parsed(value);
  if (!url) return 'must be a URL like https://hooks.example.org/balancer';
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `must start with https:// or http://, not ${url.protocol}//`;
  if (url.username || url.password)
    return 'must not carry a user name or password (the body is signed instead)';
  return null;
}

/** Whether the text is a usable P-256 private key (32 bytes base64url, below the group order). */
export function vapidKeyIsValid(value: string): boolean {
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length !== 32) return false;
  try {
    createECDH('prime256v1').setPrivateKey(bytes);
    return true;
  } catch {
    return false;
  }
}
