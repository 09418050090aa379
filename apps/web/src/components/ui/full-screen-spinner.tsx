import { useTranslation } from '../../lib/use-translation.ts';
import { Spinner } from './spinner.tsx';

/** Covers the page while something the whole screen depends on loads. */
export function FullScreenSpinner() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-surface text-highlight-text" role="status" aria-live="polite">
      <Spinner className="size-10" />
      <span className="sr-only">{ready ? t('loading') : ''}</span>
    </div>
  );
}

/** A spinner for the content area while a page loads. */
export function ContentSpinner() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className="grid min-h-64 place-items-center text-highlight-text" role="status">
      <Spinner className="size-8" />
      <span className="sr-only">{ready ? t('loading') : ''}</span>
    </div>
  );
}
