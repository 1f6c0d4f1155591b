import type { Config } from '../config/schema.js';

export type UrlConfig = Pick<Config, 'HOST' | 'TLS' | 'PUBLIC_DOMAIN'>;

/**
 * Where the platform answers, as people type it: https with TLS on (PUBLIC_DOMAIN's name with
 * ACME, else `certificateName`, the name the certificate files were made for; no port for 443),
 * http otherwise; a wildcard or loopback HOST shows as localhost.
 */
export function platformUrl(config: UrlConfig, port: number, certificateName?: string): string {
  const { HOST: host } = config;
  const local = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host);
  const shown = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  if (config.TLS === 'off') return `http://${shown}:${port}`;
  const name = config.PUBLIC_DOMAIN ?? (local && certificateName ? certificateName : shown);
  return `https://${name}${port === 443 ? '' : `:${port}`}`;
}
