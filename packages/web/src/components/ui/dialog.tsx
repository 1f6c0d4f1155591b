import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';

/** Dialogs close after 0.25 s (the closing animation), then their content unmounts. */
export const DIALOG_CLOSE_DELAY_MS = 250;

/**
 * Open state for a dialog that closes after DIALOG_CLOSE_DELAY_MS: `visible` drives the
 * animation, `mounted` keeps the content rendered until the delay has passed.
 */
export function useDelayedClose(initial = false) {
  const [visible, setVisible] = useState(initial);
  const [mounted, setMounted] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const open = useCallback(() => {
    clearTimeout(timer.current);
    setMounted(true);
    setVisible(true);
  }, []);
  const close = useCallback(() => {
    setVisible(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMounted(false), DIALOG_CLOSE_DELAY_MS);
  }, []);
  return { visible, mounted, open, close };
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** `lg` for the large info dialog and long content. */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/** A modal dialog (Radix: focus trap, Escape, labelled by its title and description). */
export function Dialog({ open, onClose, title, description, children, size = 'md', className }: DialogProps) {
  // Radix unmounts a closed dialog at once; stay open (fading out) for the close delay so the
  // 0.25 s close is seen, whether or not the parent also delays unmounting.
  const [present, setPresent] = useState(open);
  useEffect(() => {
    if (open) {
      setPresent(true);
      return;
    }
    const timer = setTimeout(() => setPresent(false), DIALOG_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <RadixDialog.Root open={open || present} onOpenChange={(next) => !next && open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={cn(
            'fixed inset-0 z-50 bg-black/50 transition-opacity duration-250',
            open ? 'opacity-100' : 'pointer-events-none opacity-0',
          )}
        />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-lg bg-white p-6 shadow-xl transition-opacity duration-250',
            open ? 'opacity-100' : 'pointer-events-none opacity-0',
            WIDTHS[size],
            className,
          )}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="mt-1 text-sm text-neutral-600">
              {description}
            </RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
          >
            <span aria-hidden="true">✕</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
