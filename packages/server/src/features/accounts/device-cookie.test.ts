import { describe, expect, it } from 'vitest';
import { DEVICE_TTL_MS, deviceCookieName, deviceIdOf } from './device-cookie.js';

const ROOT = '6f1c2a9e-0000-4000-8000-000000000001';
const OTHER = '6f1c2a9e-0000-4000-8000-000000000002';
const DEVICE = 'AbCdEfGhIjKlMnOpQrStUv'; // 22 base64url characters: 16 random bytes
const ISSUED = 1_700_000_000_000;
const signed = (value: string) => ({ valid: true, value });

describe('the device cookie', () => {
  it("names the account, and reads back the device id of that account's signed, unexpired value", () => {
    expect(deviceCookieName(ROOT)).toBe(`balancer_device_${ROOT}`);
    expect(deviceIdOf(signed(`${ROOT}.${DEVICE}.${ISSUED}`), ROOT, ISSUED + 1)).toBe(DEVICE);
  });

  it('is worth nothing unsigned, for another account, expired, from the future or malformed', () => {
    const value = `${ROOT}.${DEVICE}.${ISSUED}`;
    // A wrong signature: nobody makes a cookie without COOKIE_SECRET.
    expect(deviceIdOf({ valid: false, value }, ROOT, ISSUED)).toBeNull();
    // The attacker's own account's cookie, renamed to root's: the value names its account.
    expect(deviceIdOf(signed(`${OTHER}.${DEVICE}.${ISSUED}`), ROOT, ISSUED)).toBeNull();
    // 180 days after it was issued it has expired.
    expect(deviceIdOf(signed(value), ROOT, ISSUED + DEVICE_TTL_MS - 1)).toBe(DEVICE);
    expect(deviceIdOf(signed(value), ROOT, ISSUED + DEVICE_TTL_MS)).toBeNull();
    expect(deviceIdOf(signed(value), ROOT, ISSUED - 1)).toBeNull();
    for (const bad of [
      `${ROOT}.${DEVICE}`,
      `${ROOT}.short.${ISSUED}`,
      `${ROOT}.${DEVICE}.${ISSUED}.x`,
      `${ROOT}.${DEVICE}.soon`,
    ]) {
      expect(deviceIdOf(signed(bad), ROOT, ISSUED)).toBeNull();
    }
  });
});
