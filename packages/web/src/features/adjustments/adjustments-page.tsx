import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { useAuth } from '../../auth/auth-context';
import { CONFIG_SPECS } from '../../components/config-fields/config-specs';
import { STRATEGY_TEMPLATE_OPTIONS } from '../../components/config-fields/templates';
import { LiveOriginCard } from '../../components/live-origin/live-origin-card';
import { useUser } from '../../essentials';
import { ConfigForm } from './config-form';

/** Authority that may see the adjustments (docs/accounts.md). */
export const VIEW_AUTHORITY = 2;

/** The Adjustments screen (issue 8): the indicators', the strategy's and the alarms' settings. */
export function AdjustmentsPage() {
  const authority = useUser()?.authority;
  const { client } = useAuth();
  if (authority === undefined) return null;
  if (authority < VIEW_AUTHORITY) {
    return (
      <div>
        <h1 className="text-2xl font-semibold">Adjustments</h1>
        <p className="mt-2 text-sm text-neutral-600">
          Adjustments need authority {VIEW_AUTHORITY}; yours is {authority}.
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Adjustments</h1>
      <p className="text-sm text-neutral-600">
        The engine uses a saved setting from its next tick. Saving asks for your one-time code.
      </p>
      <LiveOriginCard client={client} />
      <Accordion.Root type="multiple" defaultValue={['strategy']} className="flex flex-col gap-3">
        {CONFIG_SPECS.map((spec) => (
          <Accordion.Item
            key={spec.id}
            value={spec.id}
            className="rounded-lg border border-neutral-200 bg-white"
          >
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-neutral-900">
                  <span>
                    <span className="block text-base font-semibold">{spec.title}</span>
                    <span className="block text-sm text-neutral-600">{spec.description}</span>
                  </span>
                  <ChevronDown
                    aria-hidden="true"
                    className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="px-4 pb-4">
              <ConfigForm
                spec={spec}
                authority={authority}
                templates={spec.id === 'strategy' ? STRATEGY_TEMPLATE_OPTIONS : undefined}
              />
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </div>
  );
}
