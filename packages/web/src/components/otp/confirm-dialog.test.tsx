import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { INVALID_CLIPBOARD_OTP_MESSAGE } from './otp-code';

function setClipboard(readText?: () => Promise<string>) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: readText ? { readText } : undefined,
  });
}

afterEach(() => setClipboard(undefined));

function renderDialog(mode: 'OTP' | 'CLICK' = 'OTP') {
  const onConfirm = vi.fn();
  render(<ConfirmDialog open mode={mode} onClose={() => {}} onConfirm={onConfirm} />);
  return onConfirm;
}

const boxes = () => screen.getAllByRole('textbox');

describe('ConfirmDialog in OTP mode', () => {
  it('is titled Confirm Action, has six numeric boxes split 3+3, and Confirm is disabled', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Confirm Action' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    for (const box of boxes()) expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(boxes()[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('runs the callback once the sixth digit is typed, and only once', async () => {
    const onConfirm = renderDialog();
    const user = userEvent.setup();
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('12345');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('123456');
    expect(
      boxes()
        .map((box) => (box as HTMLInputElement).value)
        .join(''),
    ).toBe('123456');
  });

  it('ignores letters and steps back with Backspace', async () => {
    const onConfirm = renderDialog();
    const user = userEvent.setup();
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('1a2{Backspace}34567');
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('134567');
  });

  it('fills every box from a pasted code', async () => {
    const onConfirm = renderDialog();
    const user = userEvent.setup();
    await user.click(boxes()[0] as HTMLElement);
    await user.paste('654 321');
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('654321');
  });

  it('hides the Paste button without the clipboard API', () => {
    setClipboard(undefined);
    renderDialog();
    expect(screen.queryByRole('button', { name: 'Paste' })).toBeNull();
  });

  it('pastes a valid code from the clipboard', async () => {
    const user = userEvent.setup(); // installs its own clipboard: replace it after
    setClipboard(async () => '112233\n');
    const onConfirm = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Paste' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledExactlyOnceWith('112233'));
  });

  it.each(['12345', 'abc123456', 'hello'])('says so when the clipboard holds %s', async (text) => {
    const user = userEvent.setup();
    setClipboard(async () => text);
    const onConfirm = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Paste' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_CLIPBOARD_OTP_MESSAGE);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('ConfirmDialog in CLICK mode', () => {
  it('has no code input and confirms with an empty string', async () => {
    const onConfirm = renderDialog('CLICK');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('');
  });
});
