import { TRADING_AUTHORITY } from './trading-context';

/** Shown under controls the user may not use (they stay visible, disabled). */
export function AuthorityNote({ authority, id }: { authority: number; id?: string }) {
  return (
    <p id={id} className="text-xs text-neutral-600">
      Needs authority {TRADING_AUTHORITY} (yours is {authority}).
    </p>
  );
}
