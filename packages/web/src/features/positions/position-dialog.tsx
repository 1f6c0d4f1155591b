import { EyeOff } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/dialog';
import { ActionList } from './action-list';
import { DecreaseLevelsList } from './decrease-levels-list';
import { PositionFigures } from './position-figures';
import type { PositionRecord } from './types';

const TAB_CLASSES =
  'flex-1 rounded px-3 py-1.5 text-sm font-medium text-neutral-700 data-[state=active]:bg-white data-[state=active]:text-neutral-900 data-[state=active]:shadow focus-visible:outline-2 focus-visible:outline-primary';

/** The position's page link: its id, and the hidden icon when archived. */
function PositionTitle({ position }: { position: PositionRecord }) {
  return (
    <Link
      to={`/app/position/${position.id}`}
      className="inline-flex items-center gap-2 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
    >
      Position #{position.id}
      {position.archived && ' '}
      {position.archived && (
        <span role="img" aria-label="Archived">
          <EyeOff aria-hidden="true" className="h-4 w-4 text-neutral-600" />
        </span>
      )}
    </Link>
  );
}

/** The position dialog with tabs General, Increase and Decrease. */
export function PositionDialog({
  position,
  onClose,
}: {
  position: PositionRecord | null;
  onClose: () => void;
}) {
  // Keep showing the last position while the dialog fades out after `position` became null.
  const last = useRef(position);
  if (position) last.current = position;
  const shown = position ?? last.current;
  return (
    <Dialog
      open={position !== null}
      onClose={onClose}
      title={shown ? <PositionTitle position={shown} /> : ''}
    >
      {shown && (
        <Tabs.Root defaultValue="general">
          <Tabs.List aria-label="Position details" className="mb-4 flex gap-1 rounded-md bg-neutral-100 p-1">
            <Tabs.Trigger value="general" className={TAB_CLASSES}>
              General
            </Tabs.Trigger>
            <Tabs.Trigger value="increase" className={TAB_CLASSES}>
              Increase
            </Tabs.Trigger>
            <Tabs.Trigger value="decrease" className={TAB_CLASSES}>
              Decrease
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="general">
            <PositionFigures position={shown} />
          </Tabs.Content>
          <Tabs.Content value="increase">
            <ActionList actions={shown.increase_actions} empty="No increase actions." />
          </Tabs.Content>
          <Tabs.Content value="decrease">
            <DecreaseLevelsList position={shown} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Dialog>
  );
}
