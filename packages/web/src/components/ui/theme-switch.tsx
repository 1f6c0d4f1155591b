import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../../lib/cn';
import { setThemeChoice, type ThemeChoice, useTheme } from '../../lib/theme';

const CHOICES: readonly { choice: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { choice: 'system', label: 'System', icon: Monitor },
  { choice: 'light', label: 'Light', icon: Sun },
  { choice: 'dark', label: 'Dark', icon: Moon },
];

/** Light, dark or the system's setting, kept on this device (lib/theme.ts). */
export function ThemeSwitch() {
  const { choice } = useTheme();
  return (
    <fieldset className="px-3">
      <legend className="pb-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase">Theme</legend>
      <div className="inline-flex rounded-md border border-neutral-300 p-0.5">
        {CHOICES.map((option) => (
          <label
            key={option.choice}
            className={cn(
              'flex cursor-pointer items-center gap-1 rounded px-2 py-1 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
              choice === option.choice
                ? 'bg-neutral-900 text-white'
                : 'text-neutral-700 hover:bg-neutral-100',
            )}
          >
            <input
              type="radio"
              name="theme"
              value={option.choice}
              checked={choice === option.choice}
              onChange={() => setThemeChoice(option.choice)}
              className="sr-only"
            />
            <option.icon aria-hidden="true" className="h-4 w-4" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
