import { useTranslation } from '../../lib/use-translation.ts';
import { useStore } from '../../lib/store.ts';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons.tsx';
import { dismissToast, toastStore } from './toast-store.ts';

export function Toaster() {
  const { t } = useTranslation('common');
  const toasts = useStore(toastStore, (state) => state.toasts);
  return (
    // Above the bottom 5 rem, where the chat's and the playground's composers and their send buttons sit.
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end sm:p-6"
    >
      {toasts.map((toast) => {
        const Icon = toast.tone === 'success' ? CheckCircleIcon : toast.tone === 'error' ? AlertIcon : InfoIcon;
        const color = toast.tone === 'success' ? 'text-success' : toast.tone === 'error' ? 'text-danger' : 'text-highlight-text';
        return (
          <div
            key={toast.id}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border border-line bg-card-strong px-4 py-3 text-sm text-fg shadow-2xl backdrop-blur-xl animate-rise"
          >
            <Icon className={`mt-0.5 size-5 shrink-0 ${color}`} />
            <p className="min-w-0 flex-1 font-medium">{toast.message}</p>
            {toast.action ? (
              <button
                type="button"
                onClick={() => {
                  dismissToast(toast.id);
                  toast.action?.run();
                }}
                className="focus-ring -my-0.5 shrink-0 rounded-md px-2 py-0.5 font-semibold text-highlight-text hover:underline"
              >
                {toast.action.label}
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              className="focus-ring -me-1 grid size-6 shrink-0 place-items-center rounded-md text-muted hover:text-fg"
              aria-label={t('actions.dismiss')}
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
