import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { closeOnBackdrop, useNativeDialog } from '../../components/ui/use-native-dialog.ts';

/** The sidebar on small screens: a modal panel from the left (native <dialog>). */
export function MobileDrawer({ open, onClose, id, children }: { open: boolean; onClose: () => void; id: string; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const dialog = useNativeDialog(open, onClose);

  return (
    <dialog
      {...dialog}
      id={id}
      aria-label={t('shell.navLabel')}
      onClick={closeOnBackdrop(onClose)}
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
