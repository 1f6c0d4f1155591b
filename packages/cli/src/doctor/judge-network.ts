import type { Config } from '@balancer/server/ops';
import { type DoctorCheck, fail, ok, skip, warn } from './check.js';

/** What listening on a port found: free, our own server (its /ready answered), or not ours. */
export type PortState =
  | { state: 'free' }
  | { state: 'balancer'; ready: boolean }
  | { state: 'other' }
  | { state: 'denied' }
  | { state: 'unavailable'; message: string };

export function judgePort(
  key: 'PORT' | 'HTTP_PORT',
  port: number,
  host: string,
  found: PortState,
): DoctorCheck {
  const name = `port ${key}`;
  const where = `${host}:${port}`;
  switch (found.state) {
    case 'free':
      return ok(name, `${where} is free (no server running)`);
    case 'balancer':
      return found.ready
        ? ok(name, `${where} is held by a running Balancer (/ready answers)`)
        : warn(
            name,
            `${where} is held by a Balancer that is not ready (starting, stopping or its database is down)`,
            'wait a few seconds; if it stays so: `journalctl -u balancer -n 100`',
          );
    case 'other':
      return fail(
        name,
        `${where} is held by another program (no Balancer /ready there)`,
        `set ${key} to a free port in the settings, or stop that program (\`ss -ltnp 'sport = :${port}'\` names it)`,
      );
    case 'denied':
      return fail(
        name,
        `${where}: ports below 1024 need a privilege this user lacks`,
        `run it as the service (\`npm run cli -- service install\` grants CAP_NET_BIND_SERVICE), or set ${key} to 1024 or above`,
      );
    case 'unavailable':
      return fail(
        name,
        `cannot listen on ${where}: ${found.message}`,
        `set HOST to an address of this machine (0.0.0.0: every interface)`,
      );
  }
}

const LOOPBACK = /^(127\.|::1$|localhost$)/;

/** HOST and TLS together: what makes the app unusable from the phone. */
export function judgeReach(config: Pick<Config, 'HOST' | 'TLS' | 'PORT'>): DoctorCheck {
  const loopback = LOOPBACK.test(config.HOST);
  if (config.TLS !== 'off' && loopback) {
    return warn(
      'reach',
      `HTTPS is on but HOST=${config.HOST}: only this machine can connect, not your phone`,
      'set HOST=0.0.0.0 (or remove HOST: the default with TLS on)',
    );
  }
  if (config.TLS === 'off' && !loopback) {
    return warn(
      'reach',
      `plain HTTP on ${config.HOST}: from another device the captcha, sign-in cookie and service worker need HTTPS`,
      'set TLS=self-signed (LAN) or PUBLIC_DOMAIN=your.domain (internet); docs/https.md',
    );
  }
  return ok(
    'reach',
    loopback ? `HTTP on ${config.HOST} only (this machine)` : `HTTPS on ${config.HOST}:${config.PORT}`,
  );
}

/** Warn when the exchange's clock and ours differ by more than this; fail beyond the second. */
export const CLOCK_SKEW = { warnMs: 1_000, failMs: 5_000 } as const;

export function judgeClockSkew(exchange: string, skewMs: number | undefined, reason?: string): DoctorCheck {
  if (skewMs === undefined) return skip('clock', reason ?? 'not measured');
  const shown = `${skewMs >= 0 ? '+' : ''}${Math.round(skewMs)} ms against ${exchange}`;
  const fix =
    'enable NTP: timedatectl set-ntp true (then `timedatectl` shows "System clock synchronized: yes")';
  if (Math.abs(skewMs) > CLOCK_SKEW.failMs)
    return fail('clock', `${shown}: signed requests will be refused`, fix);
  if (Math.abs(skewMs) > CLOCK_SKEW.warnMs) return warn('clock', `${shown}: more than 1 s`, fix);
  return ok('clock', shown);
}
