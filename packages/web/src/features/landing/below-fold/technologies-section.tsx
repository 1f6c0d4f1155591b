import { LandingSection } from '../landing-section';
import { BrandIcon } from './brand-icon';
import { TECHNOLOGIES } from './technologies';

export function TechnologiesSection() {
  return (
    <LandingSection
      id="technologies"
      title="Technologies"
      intro="Open-source building blocks, all running on your own machine."
      tinted
    >
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6">
        {TECHNOLOGIES.map((technology) => (
          <li
            key={technology.name}
            title={`${technology.name}: ${technology.use}`}
            className="flex flex-col items-center gap-2 rounded-lg border border-neutral-200 bg-white px-2 py-4 text-center"
          >
            <BrandIcon icon={technology.icon} className="size-8 text-neutral-800" />
            <span className="text-xs font-medium text-neutral-800 sm:text-sm">{technology.name}</span>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
