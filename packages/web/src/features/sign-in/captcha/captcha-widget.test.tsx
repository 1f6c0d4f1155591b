import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CaptchaValue } from './captcha-value';
import { captchaValueOnSubmit } from './captcha-value';
import { CaptchaWidget } from './captcha-widget';
import { installAltchaStub, widgetEvent } from './test-altcha';

vi.mock('altcha', () => ({}));
beforeAll(installAltchaStub);

/** A form-like host showing the value, with a submit attempt button. */
function Host() {
  const [value, setValue] = useState<CaptchaValue>(undefined);
  return (
    <>
      <CaptchaWidget
        challengeUrl="http://127.0.0.1:5075/altcha"
        value={value}
        onChange={setValue}
        error={value === null ? "Prove you're not a robot" : undefined}
      />
      <button type="button" onClick={() => setValue(captchaValueOnSubmit)}>
        submit
      </button>
      <output>{value === undefined ? 'undefined' : String(value)}</output>
    </>
  );
}

const value = () => screen.getByRole('status', { hidden: true }).textContent;

describe('CaptchaWidget form value', () => {
  it('renders the widget with the challenge URL', async () => {
    render(<Host />);
    const widget = await screen.findByTestId('altcha-widget');
    expect(widget).toHaveAttribute('challenge', 'http://127.0.0.1:5075/altcha');
  });

  it('is undefined before any attempt, the payload once verified, cleared by an error', async () => {
    render(<Host />);
    await screen.findByTestId('altcha-widget');
    expect(value()).toBe('undefined');
    await widgetEvent('verifying');
    expect(value()).toBe('undefined');
    await widgetEvent('verified', 'cGF5bG9hZA==');
    expect(value()).toBe('cGF5bG9hZA==');
    await widgetEvent('error');
    expect(value()).toBe('undefined');
    await widgetEvent('verified', 'cGF5bG9hZA==');
    await widgetEvent('expired');
    expect(value()).toBe('undefined');
  });

  it("is null after a submit without a payload, with 'Prove you're not a robot', until verified", async () => {
    render(<Host />);
    await screen.findByTestId('altcha-widget');
    await act(async () => screen.getByRole('button', { name: 'submit' }).click());
    expect(value()).toBe('null');
    expect(screen.getByRole('alert')).toHaveTextContent("Prove you're not a robot");
    await widgetEvent('verifying');
    expect(value()).toBe('null');
    await widgetEvent('verified', 'cGF5bG9hZA==');
    expect(value()).toBe('cGF5bG9hZA==');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
