import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { CloseIcon } from './icons.tsx';
import { useNativeDialog } from './use-native-dialog.ts';

/**
 * A wide dialog on the native <dialog> (focus trap, Escape, top layer): a sheet that fills the
 * phone screen, a centred panel from the small breakpoint up. Body scrolls, footer stays.
 */
export function SheetDialog({
  open,
  onClose,
  title,
  subtitle,
  children,
  footer,
  size = 'lg',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const dialog = useNativeDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-0 h-dvh max-h-none w-screen max-w-none border-line bg-surface p-0 text-fg shadow-2xl open:flex open:animate-rise sm:m-auto sm:h-fit sm:max-h-[min(52rem,calc(100dvh-3rem))] sm:rounded-3xl sm:border ${
        size === 'lg' ? 'sm:w-[min(56rem,calc(100vw-3rem))]' : 'sm:w-[min(40rem,calc(100vw-3rem))]'
      }`}
    >
      <div className="flex min-h-0 w-full flex-1 flex-col bg-card">
        <header className="flex items-start gap-3 border-b border-line px-5 py-4 sm:px-7 sm:py-5">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-bold tracking-tight sm:text-xl">
              {title}
            </h2>
            {subtitle ? <div className="mt-1 text-sm text-muted">{subtitle}</div> : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            className="focus-ring -me-2 grid size-10 shrink-0 place-items-center rounded-xl text-muted hover:bg-card hover:text-fg"
            aria-label={t('actions.close')}
          >
            <CloseIcon className="size-5" />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-7">{children}</div>
        {footer ? <footer className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:items-center sm:justify-end sm:px-7">{footer}</footer> : null}
      </div>
    </dialog>
  );
}
