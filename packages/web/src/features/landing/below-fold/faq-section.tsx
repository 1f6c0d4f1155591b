import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useProjectLinks } from '../../../lib/project-links';
import { LandingSection } from '../landing-section';
import { faqItems } from './faq-items';

/** The FAQ shows 5 questions, then all (up to 100) after 'View all'. */
export const FAQ_INITIAL_COUNT = 5;
const FAQ_MAX_COUNT = 100;

export function FaqSection() {
  const [showAll, setShowAll] = useState(false);
  const all = faqItems(useProjectLinks());
  const items = all.slice(0, showAll ? FAQ_MAX_COUNT : FAQ_INITIAL_COUNT);
  return (
    <LandingSection id="faq" title="Frequently asked questions">
      <Accordion.Root
        type="single"
        collapsible
        className="max-w-3xl divide-y divide-neutral-200 border-y border-neutral-200"
      >
        {items.map((item, index) => (
          <Accordion.Item key={item.question} value={`faq-${index}`}>
            <Accordion.Header className="text-base font-semibold">
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 py-4 text-left hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
                {item.question}
                <ChevronDown
                  aria-hidden
                  className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="space-y-2 pb-4 text-neutral-700">
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      {!showAll && all.length > FAQ_INITIAL_COUNT && (
        <div className="mt-6 text-center">
          <Button variant="outline" onClick={() => setShowAll(true)}>
            View all
          </Button>
        </div>
      )}
    </LandingSection>
  );
}
