import { cn } from '../../lib/cn';

/**
 * Balancer's mark, drawn for this project: a balance beam on a post, one pan lower (teal, the
 * increase colour) and one higher (red, the decrease colour). Decorative: the name sits next to it.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('h-8 w-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="#0c0c0c" />
      <path d="M16 9v15M11 25h10M7 11l18-4" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M7 11l-3 6M7 11l3 6M25 7l-3 6M25 7l3 6" stroke="#fff" strokeWidth="1" />
      <path d="M3.5 17a3.5 3.5 0 0 0 7 0Z" fill="#2dd4bf" />
      <path d="M21.5 13a3.5 3.5 0 0 0 7 0Z" fill="#f87171" />
      <circle cx="16" cy="9" r="1.8" fill="#fff" />
    </svg>
  );
}
