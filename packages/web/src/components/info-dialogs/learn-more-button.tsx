import { Button } from '../ui/button';
import { type InfoTopic, useLandingDialogs } from './dialog-context';

/**
 * "Learn more" about an indicator: opens its large info dialog. The landing page's indicator
 * cards and the dashboard's use the same button, so both explain the indicators alike.
 */
export function LearnMoreButton({
  topic,
  title,
  className,
}: {
  topic: InfoTopic;
  /** The indicator's name, for the accessible label. */
  title: string;
  className?: string;
}) {
  const dialogs = useLandingDialogs();
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      aria-label={`Learn more about the ${title} indicator`}
      onClick={() => dialogs.open({ kind: 'info', topic, size: 'large' })}
    >
      Learn more
    </Button>
  );
}
