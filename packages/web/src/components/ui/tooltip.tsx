import {
  cloneElement,
  type ReactElement,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

/** Tooltips open after 700 ms, and at once within 300 ms of the last one closing. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When the last tooltip closed (performance.now ms), shared by every tooltip on the page. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** How long a tooltip asked to open at `now` waits: none within the skip window. */
export function openDelay(now: number, closedAt: number = lastClosedAt): number {
  return now - closedAt <= TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}

type TriggerProps = {
  'aria-describedby'?: string;
  onPointerEnter?: (event: SyntheticEvent) => void;
  onPointerLeave?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
  onBlur?: (event: SyntheticEvent) => void;
  onKeyDown?: (event: SyntheticEvent) => void;
};

/**
 * A text tooltip above one focusable trigger: opens on hover or keyboard focus after the delay,
 * closes on leave, blur or Escape, and describes the trigger (aria-describedby) while open.
 * Positioned with CSS only (12 px above its trigger), so it adds no layout library to the first load.
 */
export function Tooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    const delay = openDelay(performance.now());
    if (delay === 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = performance.now();
      return false;
    });
  };
  const trigger = cloneElement(children, {
    'aria-describedby': open ? id : undefined,
    onPointerEnter: show,
    onPointerLeave: hide,
    onFocus: show,
    onBlur: hide,
    onKeyDown: (event: SyntheticEvent) => {
      if ((event as unknown as KeyboardEvent).key === 'Escape') hide();
    },
  });
  return (
    <span className="relative inline-flex">
      {trigger}
      {open && (
        <span
          id={id}
          role="tooltip"
          className="-translate-x-1/2 pointer-events-none absolute bottom-full left-1/2 z-50 mb-3 whitespace-nowrap rounded-md bg-primary px-2 py-1 text-white text-xs shadow"
        >
          {content}
        </span>
      )}
    </span>
  );
}
