import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/ui/icons.tsx';

/** The sidebar on small screens: a modal panel from the left (native <dialog>). */
export function MobileDrawer({ open, onClose, id, children }: { open: boolean; onClose: () => void; id: string; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      id={id}
      aria-label={t('shell.navLabel')}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-80 max-w-[86vw] border-e border-line bg-surface p-0 text-fg shadow-2xl open:animate-slide-in"
    >
      <div className="relative h-full bg-card">
        <button
          type="button"
          onClick={onClose}
          className="focus-ring absolute end-3 top-5 z-10 grid size-10 place-items-center rounded-xl text-muted hover:bg-card hover:text-fg"
          aria-label={t('shell.closeMenu')}
        >
          <CloseIcon className="size-5" />
        </button>
        {children}
      </div>
    </dialog>
  );
}
