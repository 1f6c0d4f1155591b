import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip } from 'radix-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS } from '../../app/providers/app-providers';
import { ErrorPanel } from './error-panel';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the in-app error panel', () => {
  it("shows 'Error', the code badge with its 'Error code' tooltip after 700 ms, the message and 'Reload app'", () => {
    const reload = vi.fn();
    render(
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
        <ErrorPanel code={4252} message="The session expired" onReload={reload} />
      </Tooltip.Provider>,
    );
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('The session expired')).toBeInTheDocument();
    const badge = screen.getByRole('button', { name: '4252' });

    fireEvent.pointerMove(badge);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1)); // 700 ms: the spec's tooltip delay
    expect(screen.getByRole('tooltip')).toHaveTextContent('Error code');

    screen.getByRole('button', { name: 'Reload app' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
