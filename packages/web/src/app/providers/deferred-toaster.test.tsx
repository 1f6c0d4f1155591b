import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast } from '../../lib/toast';
import { DeferredToaster } from './deferred-toaster';

describe('the deferred toaster', () => {
  it('mounts nothing until the first toast, then loads the toaster and shows it', async () => {
    const { container } = render(<DeferredToaster />);
    expect(container.querySelector('[data-sonner-toaster]')).toBeNull();
    await showToast((toast) => toast('Hello'));
    expect(await screen.findByText('Hello')).toBeInTheDocument();
  });
});
