import { issuesUrl } from '../../lib/links';
import { useProjectLinks } from '../../lib/project-links';
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

/** Support on the code host, else the contact address; either says so when it is not configured. */
export function ContactDialog({ open, onClose }: NoticeProps) {
  const links = useProjectLinks();
  const issues = issuesUrl(links);
  return (
    <Dialog open={open} onClose={onClose} title="Contact" size="md">
      <div className="space-y-3 text-sm text-neutral-800">
        <p>
          Is something wrong with the platform? Please{' '}
          {issues ? (
            <a className={LINK} href={issues} target="_blank" rel="noopener noreferrer">
              open an issue on the code host
            </a>
          ) : (
            'open an issue on the project’s code host'
          )}
          : support happens there, in the open, so everyone can benefit from the answer.
          {!issues && ' (The code host link is not configured on this install.)'}
        </p>
        <p>
          {links.contactEmail ? (
            <>
              For anything else, write to{' '}
              <a className={LINK} href={`mailto:${links.contactEmail}`}>
                {links.contactEmail}
              </a>
              .
            </>
          ) : (
            'For anything else: a contact address is not configured on this install.'
          )}
        </p>
      </div>
    </Dialog>
  );
}
