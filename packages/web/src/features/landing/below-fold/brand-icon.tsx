import type { SimpleIcon } from 'simple-icons';
import { cn } from '../../../lib/cn';

/**
 * A brand mark from simple-icons (CC0): its one path (24 units wide) in the current text colour.
 * Always decoration: the brand's name is written next to it.
 */
export function BrandIcon({
  icon,
  viewBox = '0 0 24 24',
  className,
}: {
  icon: SimpleIcon;
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
