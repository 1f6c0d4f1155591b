import { Bell } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { CountBadge } from '../../components/ui/count-badge';
import { useEssentialsSelector } from '../../essentials';
import { cn } from '../../lib/cn';
import { NotificationsDialog } from './notifications-dialog';

/** The header's bell: the unread notifications badge, opening the notifications dialog. */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const unread = useEssentialsSelector((essentials) => essentials?.unreadNotifications ?? 0);
  return (
    <>
      <button
        type="button"
        className={cn(buttonClasses('ghost', 'icon'), 'relative')}
        aria-label="Notifications"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        <CountBadge count={unread} label={`${unread} unread`} className="absolute -top-0.5 -right-0.5" />
      </button>
      <NotificationsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
