import type { LandingDialog } from './dialog-context';
import { InfoDialog } from './info-dialog';
import { ContactDialog, UnderConstructionDialog } from './notice-dialogs';

/** Renders the one landing dialog that is open (or closing). */
export function LandingDialogView({
  dialog,
  open,
  onClose,
}: {
  dialog: LandingDialog;
  open: boolean;
  onClose: () => void;
}) {
  switch (dialog.kind) {
    case 'under-construction':
      return <UnderConstructionDialog open={open} onClose={onClose} />;
    case 'contact':
      return <ContactDialog open={open} onClose={onClose} />;
    case 'info':
      return <InfoDialog topic={dialog.topic} size={dialog.size} open={open} onClose={onClose} />;
  }
}
