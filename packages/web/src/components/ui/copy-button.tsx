import { Copy } from 'lucide-react';
import { showToast } from '../../lib/toast';
import { Button } from './button';

export const UNSUPPORTED_CLIPBOARD_MESSAGE = 'The Clipboard API is not supported by the browser.';

/** Copies `text`, then toasts 'Copied to clipboard' with the text, or 'Error copying to clipboard'. */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error(UNSUPPORTED_CLIPBOARD_MESSAGE);
    await navigator.clipboard.writeText(text);
    await showToast((toast) => toast.success('Copied to clipboard', { description: text }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await showToast((toast) => toast.error('Error copying to clipboard', { description: message }));
  }
}

/** An icon button that copies `text`; `label` names what it copies for screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <Button variant="outline" size="sm" aria-label={label} onClick={() => void copyToClipboard(text)}>
      <Copy aria-hidden="true" className="size-4" />
      Copy
    </Button>
  );
}
