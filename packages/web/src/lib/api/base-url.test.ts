import { describe, expect, it } from 'vitest';
import { apiBaseUrl } from './base-url';

const page = (href: string) => {
  const url = new URL(href);
  return { protocol: url.protocol, hostname: url.hostname, port: url.port, origin: url.origin };
};

describe('apiBaseUrl', () => {
  it.each([
    // The default install: the server serves the app and the API from one origin.
    ['http://localhost:5075/app', 'http://localhost:5075'],
    ['http://127.0.0.1:5075/', 'http://127.0.0.1:5075'],
    ['http://[::1]:5075/', 'http://[::1]:5075'],
    ['http://localhost:5173/', 'http://localhost:5173'],
    ['http://192.168.1.20:5075/', 'http://192.168.1.20:5075'],
    ['http://host.lan:5075/', 'http://host.lan:5075'],
    // An IP address on another port: the same host on the API port.
    ['http://192.168.1.20:8080/', 'http://192.168.1.20:5075'],
    ['http://10.0.0.5/', 'http://10.0.0.5:5075'],
    ['http://[fd00::7]:3000/', 'http://[fd00::7]:5075'],
    // A domain: the api. subdomain of the parent domain, 'www.' kept in front.
    ['https://example.com/', 'https://api.example.com'],
    ['https://www.example.com/auth/sign-in', 'https://www.api.example.com'],
    ['https://balancer.example.org:8443/', 'https://api.balancer.example.org:8443'],
  ])('%s → %s', (href, expected) => {
    expect(apiBaseUrl(page(href))).toBe(expected);
  });

  it('prefers the configured URL (VITE_API_URL), without its trailing slash', () => {
    expect(apiBaseUrl(page('https://www.example.com/'), 'https://bot.example.net/api/')).toBe(
      'https://bot.example.net/api',
    );
  });
});
