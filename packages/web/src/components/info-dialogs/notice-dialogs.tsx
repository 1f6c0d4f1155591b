import { CONTACT_EMAIL, ISSUES_URL } from '../../lib/links';
import { Dialog } from '../ui/dialog';

interface NoticeProps {
  open: boolean;
  onClose: () => void;
}

export const UNDER_CONSTRUCTION_TEXT =
  'This section is currently under construction and will be available soon. Please check back in a few days.';

export function UnderConstructionDialog({ open, onClose }: NoticeProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Under construction" size="sm">
      <p className="text-sm text-neutral-800">{UNDER_CONSTRUCTION_TEXT}</p>
    </Dialog>
  );
}

const LINK = 'font-medium text-increase underline underline-offset-2 hover:text-neutral-900';

export function ContactDialog({ open, onClose }: NoticeProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Contact" size="md">
      <div className="space-y-3 text-sm text-neutral-800">
        <p>
          Is something wrong with the platform? Please{' '}
          <a className={LINK} href={ISSUES_URL} target="_blank" rel="noopener noreferrer">
            open an issue on the code host
          </a>
          : support happens there, in the open, so everyone can benefit from the answer.
        </p>
        <p>
          For anything else, write to{' '}
          <a className={LINK} href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
          .
        </p>
      </div>
    </Dialog>
  );
}
