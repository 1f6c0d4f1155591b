import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';
import { OopsScreen } from './oops-screen';

export function NotFoundPage() {
  return (
    <OopsScreen>
      <p className="text-lg text-neutral-700">We can't seem to find the page you're looking for</p>
      <Link to="/" className={buttonClasses('primary', 'lg')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Go back
      </Link>
    </OopsScreen>
  );
}
