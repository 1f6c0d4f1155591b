import { PlayCircle } from 'lucide-react';
import { useLandingDialogs } from '../../../components/info-dialogs/dialog-context';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useProjectLinks } from '../../../lib/project-links';
import { ExternalLink } from '../external-link';

/**
 * 'Get the product' (the source code, new tab; only when SOURCE_CODE_URL is configured) and
 * 'Videos' (not made yet: under construction).
 */
export function ProductLinks({ className }: { className?: string }) {
  const dialogs = useLandingDialogs();
  const { sourceCodeUrl } = useProjectLinks();
  return (
    <div className={className}>
      {sourceCodeUrl && (
        <ExternalLink href={sourceCodeUrl} className={buttonClasses('primary', 'lg')}>
          Get the product
        </ExternalLink>
      )}
      <Button variant="outline" size="lg" onClick={() => dialogs.open({ kind: 'under-construction' })}>
        <PlayCircle aria-hidden className="size-5" />
        Videos
      </Button>
    </div>
  );
}
