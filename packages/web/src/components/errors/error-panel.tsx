import { RotateCw } from 'lucide-react';
import { Button } from '../ui/button';
import { Tooltip } from '../ui/tooltip';

export interface ErrorPanelProps {
  /** The error's code (a catalogue number or a client code such as NO_APP_INSTALLER). */
  code: number | string;
  message: string;
  /** Defaults to reloading the page. */
  onReload?: () => void;
}

/**
 * The signed-in area's error panel: heading 'Error', the code as a badge whose tooltip says
 * 'Error code' (after the tooltip's 700 ms delay), the message and 'Reload app'.
 */
export function ErrorPanel({ code, message, onReload = () => window.location.reload() }: ErrorPanelProps) {
  return (
    <section
      aria-labelledby="error-panel-title"
      className="mx-auto flex w-full max-w-lg flex-col gap-4 rounded-lg border border-red-200 bg-red-50 p-6"
    >
      <div className="flex items-center gap-3">
        <h2 id="error-panel-title" className="text-xl font-semibold">
          Error
        </h2>
        <Tooltip content="Error code">
          <button
            type="button"
            className="rounded-full bg-decrease px-2.5 py-0.5 font-mono text-xs font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {code}
          </button>
        </Tooltip>
      </div>
      <p className="break-words text-neutral-800">{message}</p>
      <Button className="self-start" onClick={onReload}>
        <RotateCw aria-hidden="true" className="size-4" />
        Reload app
      </Button>
    </section>
  );
}
