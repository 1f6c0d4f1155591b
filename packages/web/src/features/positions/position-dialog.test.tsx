import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../testing/render-with-api';
import { positionFixture } from '../../testing/trading-fixtures';
import { PositionDialog } from './position-dialog';

describe('PositionDialog', () => {
  it('shows the General figures, N/A for an open position, and links to the page', () => {
    renderWithApi(<PositionDialog position={positionFixture()} onClose={() => {}} />, {});
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Position #3' })).toHaveAttribute(
      'href',
      '/app/position/3',
    );
    expect(within(dialog).getByText('Close time').nextSibling).toHaveTextContent('N/A');
    expect(within(dialog).getByText('Entry price').nextSibling).toHaveTextContent('$70,000.00');
    expect(within(dialog).getByText('Gain').nextSibling).toHaveTextContent('+1.43%');
    expect(within(dialog).getByText('Amount').nextSibling).toHaveTextContent('₿0.00300000');
    expect(within(dialog).getByText('PNL').nextSibling).toHaveTextContent('$3.00');
  });

  it('lists increases and groups decreases in collapsible levels', async () => {
    const user = userEvent.setup();
    renderWithApi(<PositionDialog position={positionFixture()} onClose={() => {}} />, {});
    await user.click(screen.getByRole('tab', { name: 'Increase' }));
    expect(screen.getByText('Tx 11')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Decrease' }));
    const level1 = screen.getByRole('button', { name: /Level 1/ });
    expect(level1).toHaveTextContent('$72,000.00');
    expect(level1).toHaveTextContent('1 action');
    expect(screen.getByRole('button', { name: /Level 2/ })).toHaveTextContent('No actions');
    expect(screen.getAllByRole('button', { name: /Level \d/ })).toHaveLength(5);
    expect(screen.queryByText('Tx 12')).not.toBeInTheDocument();
    await user.click(level1);
    expect(screen.getByText('Tx 12')).toBeInTheDocument();
  });

  it('shows the hidden icon for an archived position', () => {
    renderWithApi(
      <PositionDialog
        position={positionFixture({ archived: true, close: 1_772_800_000_000 })}
        onClose={() => {}}
      />,
      {},
    );
    expect(screen.getByRole('link', { name: 'Position #3 Archived' })).toBeInTheDocument();
  });
});
