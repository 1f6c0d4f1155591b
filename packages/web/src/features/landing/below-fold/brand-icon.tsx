import type { SimpleIcon } from 'simple-icons';
import { cn } from '../../../lib/cn';

/**
 * A brand mark (simple-icons, CC0, or kraken-mark.ts): its one path (24 units wide) in the current
 * text colour.
 * Always decoration: the brand's name is written next to it.
 */
export function BrandIcon({
  icon,
  viewBox = '0 0 24 24',
  className,
}: {
  icon: Pick<SimpleIcon, 'path'>;
  /** A tighter box for wide wordmarks, whose path is only a few units high. */
  viewBox?: string | undefined;
  className?: string;
}) {
  return (
    <svg
      viewBox={viewBox}
      fill="currentColor"
      className={cn('size-8', className)}
      aria-hidden
      focusable="false"
    >
      <path d={icon.path} />
    </svg>
  );
}
