import { lazy, Suspense } from 'react';
import { Dialog } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import type { InfoTopic } from './dialog-context';
import { TOPIC_HEADINGS } from './topics/headings';

const TopicContent = lazy(() => import('./topic-content'));

export interface InfoDialogProps {
  topic: InfoTopic;
  /** small: title, description and the summary; large: the whole topic in a wide dialog. */
  size: 'small' | 'large';
  open: boolean;
  onClose: () => void;
}

/** The small and the large info dialog. */
export function InfoDialog({ topic, size, open, onClose }: InfoDialogProps) {
  const heading = TOPIC_HEADINGS[topic];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={heading.title}
      description={heading.description}
      size={size === 'large' ? 'lg' : 'md'}
    >
      <Suspense
        fallback={
          <p className="flex items-center gap-2 text-sm text-neutral-600">
            <Spinner /> Loading…
          </p>
        }
      >
        <TopicContent topic={topic} size={size} />
      </Suspense>
    </Dialog>
  );
}
