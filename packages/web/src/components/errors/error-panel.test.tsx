import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS } from '../ui/tooltip';
import { ErrorPanel } from './error-panel';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the in-app error panel', () => {
  it("shows 'Error', the code badge with its 'Error code' tooltip after 700 ms, the message and 'Reload app'", () => {
    const reload = vi.fn();
    render(<ErrorPanel code={4252} message="The session expired" onReload={reload} />);
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('The session expired')).toBeInTheDocument();
    const badge = screen.getByRole('button', { name: '4252' });

    fireEvent.pointerEnter(badge);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1)); // 700 ms: the tooltip delay
    expect(screen.getByRole('tooltip')).toHaveTextContent('Error code');

    screen.getByRole('button', { name: 'Reload app' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
