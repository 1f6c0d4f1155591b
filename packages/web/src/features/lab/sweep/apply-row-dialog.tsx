import { type StrategyConfig, settingLabel } from '@balancer/core';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { type SettingChange, strategyDiff } from './strategy-diff';
import type { RankedRow } from './sweep-rows';

const text = (value: unknown) => (value === undefined ? '–' : String(value));

/** The changes a row would make to the live strategy, shown before the one-time code is asked. */
export function ApplyRowDialog({
  row,
  live,
  applied,
  onClose,
  onContinue,
}: {
  row: RankedRow | null;
  live: StrategyConfig | undefined;
  applied: StrategyConfig | null;
  onClose: () => void;
  onContinue: () => void;
}) {
  const changes: SettingChange[] = live && applied ? strategyDiff(live, applied) : [];
  return (
    <Dialog
      open={row !== null}
      onClose={onClose}
      title={`Apply row ${row ? row.rank + 1 : ''} to the live strategy`}
      description="The live strategy settings this row changes. Applying asks for your one-time code."
    >
      {!live ? (
        <p className="text-sm">Reading the live settings…</p>
      ) : changes.length === 0 ? (
        <p className="text-sm">The live strategy already has these settings.</p>
      ) : (
        <table className="w-full text-sm" aria-label="Changes to the live strategy">
          <thead>
            <tr className="border-b border-neutral-200 text-left">
              <th scope="col" className="py-1">
                Setting
              </th>
              <th scope="col" className="py-1">
                Live
              </th>
              <th scope="col" className="py-1">
                After applying
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.path} className="border-b border-neutral-100">
                <td className="py-1">{settingLabel(change.path)}</td>
                <td className="py-1">{text(change.live)}</td>
                <td className="py-1 font-medium">{text(change.applied)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!live || changes.length === 0} onClick={onContinue}>
          Apply with one-time code
        </Button>
      </div>
    </Dialog>
  );
}
