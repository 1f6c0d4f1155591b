import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { useQuoteAsset } from '../../essentials';
import { formatQuote } from '../../lib/locale-number';
import { ActionList } from './action-list';
import { actionCountLabel, decreaseLevels } from './decrease-levels';
import type { PositionRecord } from './types';

/** The Decrease tab: one collapsible 'Level N' per decrease level, with its price and count. */
export function DecreaseLevelsList({ position }: { position: PositionRecord }) {
  const quote = useQuoteAsset();
  const levels = decreaseLevels(position);
  if (levels.length === 0) return <p className="text-sm text-neutral-600">No decrease levels.</p>;
  return (
    <Accordion.Root
      type="multiple"
      className="divide-y divide-neutral-200 rounded-md border border-neutral-200"
    >
      {levels.map(({ level, price, actions }) => (
        <Accordion.Item key={level} value={String(level)}>
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-primary">
              <span className="font-semibold">Level {level}</span>
              <span className="text-neutral-700">{price === null ? 'N/A' : formatQuote(price, quote)}</span>
              <span className="ml-auto text-xs text-neutral-600">{actionCountLabel(actions.length)}</span>
              <ChevronDown
                aria-hidden="true"
                className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180"
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-3 pb-2">
            <ActionList actions={actions} empty="No sells at this level yet." />
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
