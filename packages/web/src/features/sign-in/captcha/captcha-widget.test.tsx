import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CaptchaStatus } from './captcha-session';
import { CaptchaWidget } from './captcha-widget';

const status = (overrides: Partial<CaptchaStatus>): CaptchaStatus => ({
  state: 'unverified',
  progress: 0,
  payload: null,
  error: null,
  renewing: false,
  ...overrides,
});

describe('CaptchaWidget', () => {
  it("starts the solve when 'I'm not a robot' is ticked", async () => {
    const onStart = vi.fn();
    render(<CaptchaWidget status={status({})} onStart={onStart} />);
    await userEvent.setup().click(screen.getByLabelText("I'm not a robot"));
    expect(onStart).toHaveBeenCalledOnce();
  });

  it('shows the share of the range searched while verifying', () => {
    render(<CaptchaWidget status={status({ state: 'verifying', progress: 0.427 })} onStart={() => {}} />);
    expect(screen.getByText('Verifying... please wait.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Captcha search' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getByText('42 %')).toBeInTheDocument();
  });

  it('shows Verified, a failure with its reason, and the form’s message', () => {
    const { rerender } = render(<CaptchaWidget status={status({ state: 'verified' })} onStart={() => {}} />);
    expect(screen.getByLabelText('Verified')).toBeChecked();
    rerender(
      <CaptchaWidget
        status={status({ state: 'error', error: 'Server responded with 500.' })}
        onStart={() => {}}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Verification failed. Try again later. Server responded with 500.',
    );
    rerender(<CaptchaWidget status={status({})} onStart={() => {}} error="Prove you're not a robot" />);
    expect(screen.getByRole('alert')).toHaveTextContent("Prove you're not a robot");
    expect(screen.getByLabelText("I'm not a robot")).toHaveAttribute('aria-describedby');
  });
});
