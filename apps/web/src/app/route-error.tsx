import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '../lib/use-translation.ts';
import { Button } from '../components/ui/button.tsx';
import { GradientBackdrop } from '../components/ui/gradient-backdrop.tsx';
import { AlertIcon } from '../components/ui/icons.tsx';
import { NotFoundPage } from '../features/dashboard/index.ts';

/** Last line of defence: a page that failed to render or a code chunk that failed to load. */
export function RouteError() {
  const error = useRouteError();
  const { t, ready } = useTranslation('common', { useSuspense: false });
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <main className="relative isolate grid min-h-dvh place-items-center bg-surface px-4 text-fg">
      <GradientBackdrop />
      <div role="alert" className="w-full max-w-md rounded-3xl border border-line bg-card p-8 text-center backdrop-blur-xl">
        <div className="mx-auto mb-5 grid size-12 place-items-center rounded-2xl bg-danger/15 text-danger">
          <AlertIcon className="size-6" />
        </div>
        <h1 className="text-xl font-bold">{ready ? t('crash.title') : ''}</h1>
        <p className="mt-2 text-muted">{ready ? t('crash.body') : ''}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          {ready ? t('actions.reload') : '↻'}
        </Button>
      </div>
    </main>
  );
}
