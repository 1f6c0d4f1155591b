import { useEffect } from 'react';
import { useDelayedClose } from '../ui/dialog';
import type { LandingDialog } from './dialog-context';
import { LandingDialogView } from './landing-dialog-view';

/** One call to open a landing dialog; a new object for every call, so reopening the same dialog counts. */
export interface LandingDialogRequest {
  dialog: LandingDialog;
}

/**
 * Shows the requested landing dialog: a new request replaces what is on screen; closing keeps it
 * mounted for the 0.25 s close delay (DIALOG_CLOSE_DELAY_MS), then unmounts it. Lives in the
 * dialogs' lazy chunk (with Radix), mounted by LandingDialogsProvider on the first request.
 */
export default function LandingDialogHost({ request }: { request: LandingDialogRequest }) {
  const { visible, mounted, open, close } = useDelayedClose(true);
  useEffect(() => {
    if (request) open();
  }, [request, open]);
  if (!mounted) return null;
  return <LandingDialogView dialog={request.dialog} open={visible} onClose={close} />;
}
