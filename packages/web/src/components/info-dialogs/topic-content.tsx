import type { InfoTopic } from './dialog-context';
import { TOPIC_BODIES } from './topics/bodies';

/** The body of an info dialog (lazy: the topics read the real defaults from @balancer/core). */
export default function TopicContent({ topic, size }: { topic: InfoTopic; size: 'small' | 'large' }) {
  const body = TOPIC_BODIES[topic];
  return (
    <div className="space-y-4 text-sm leading-relaxed text-neutral-800">
      {body.summary.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {size === 'large' &&
        body.sections.map((section) => (
          <section key={section.heading} className="space-y-2">
            <h3 className="text-base font-semibold text-neutral-900">{section.heading}</h3>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items && (
              <ul className="list-disc space-y-1 pl-5">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
    </div>
  );
}
