import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { GradientBackdrop } from '../../../components/ui/gradient-backdrop.tsx';
import { HomeIcon } from '../../../components/ui/icons.tsx';

function NotFoundContent() {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto max-w-lg text-center animate-rise">
      <p className="text-brand-gradient text-7xl font-black tracking-tight sm:text-8xl">404</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{t('notFound.title')}</h1>
      <p className="mt-3 text-pretty text-muted">{t('notFound.body')}</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        <HomeIcon className="size-4" />
        {t('notFound.action')}
      </Link>
    </div>
  );
}

/** Unknown addresses, outside the dashboard. */
export function NotFoundPage() {
  return (
    <main className="relative isolate grid min-h-dvh place-items-center bg-surface px-4 text-fg">
      <GradientBackdrop />
      <NotFoundContent />
    </main>
  );
}

/** Unknown addresses inside the dashboard keep the shell around them. */
export function NotFoundSection() {
  return (
    <div className="grid min-h-[60vh] place-items-center">
      <NotFoundContent />
    </div>
  );
}
