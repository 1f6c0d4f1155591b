import { describe, expect, it } from 'vitest';
import { platformUrl } from './platform-url.js';

describe('platformUrl', () => {
  it('is http on localhost with TLS off, as before', () => {
    expect(platformUrl({ HOST: '127.0.0.1', TLS: 'off' }, 5075)).toBe('http://localhost:5075');
    expect(platformUrl({ HOST: '192.168.1.20', TLS: 'off' }, 5075)).toBe('http://192.168.1.20:5075');
  });

  it("is https with TLS on: PUBLIC_DOMAIN's name without :443, else the certificate's name or the host", () => {
    expect(platformUrl({ HOST: '0.0.0.0', TLS: 'acme', PUBLIC_DOMAIN: 'bot.example.com' }, 443)).toBe(
      'https://bot.example.com',
    );
    expect(platformUrl({ HOST: '0.0.0.0', TLS: 'files' }, 8443, 'bot.example.com')).toBe(
      'https://bot.example.com:8443',
    );
    expect(platformUrl({ HOST: '0.0.0.0', TLS: 'self-signed' }, 5075)).toBe('https://localhost:5075');
    expect(platformUrl({ HOST: '::1', TLS: 'files' }, 5075)).toBe('https://localhost:5075');
    expect(platformUrl({ HOST: 'fd00::2', TLS: 'self-signed' }, 5075)).toBe('https://[fd00::2]:5075');
  });
});
