import { describe, expect, it } from 'vitest';
import { originAllowed } from './origin.js';

const request = (headers: Record<string, string>, peer = '203.0.113.5') => ({
  headers,
  socket: { remoteAddress: peer } as never,
});

describe('originAllowed (the stream handshake)', () => {
  it("lets a page of the app's own host, or of GUI_URL, open the stream; no Origin is not a page", () => {
    const gui = ['https://gui.example.com'];
    expect(
      originAllowed(request({ host: 'bot.example.com', origin: 'https://bot.example.com' }), gui, false),
    ).toBe(true);
    expect(
      originAllowed(request({ host: 'bot.example.com', origin: 'https://gui.example.com' }), gui, false),
    ).toBe(true);
    expect(originAllowed(request({ host: 'bot.example.com' }), gui, false)).toBe(true);
    expect(
      originAllowed(request({ host: 'bot.example.com', origin: 'https://evil.example' }), gui, false),
    ).toBe(false);
    expect(originAllowed(request({ host: 'bot.example.com', origin: 'null' }), gui, false)).toBe(false);
    // Another port is another origin.
    expect(
      originAllowed(request({ host: 'bot.example.com:5075', origin: 'https://bot.example.com' }), [], false),
    ).toBe(false);
  });

  it('believes X-Forwarded-Host only from a proxy TRUST_PROXY trusts, reading the entry it added', () => {
    const headers = {
      host: '10.0.0.2:5075',
      'x-forwarded-host': 'evil.example, bot.example.com',
      origin: 'https://bot.example.com',
    };
    expect(originAllowed(request(headers, '10.0.0.1'), [], '10.0.0.1')).toBe(true);
    expect(originAllowed(request(headers, '10.0.0.1'), [], 1)).toBe(true);
    // The same headers from a peer that is not the proxy: its X-Forwarded-Host is its own word.
    expect(originAllowed(request(headers, '198.51.100.7'), [], '10.0.0.1')).toBe(false);
    expect(originAllowed(request(headers, '10.0.0.1'), [], false)).toBe(false);
    const spoofed = {
      ...headers,
      'x-forwarded-host': 'bot.example.com, evil.example',
      origin: 'https://bot.example.com',
    };
    expect(originAllowed(request(spoofed, '10.0.0.1'), [], '10.0.0.1')).toBe(false);
  });
});
