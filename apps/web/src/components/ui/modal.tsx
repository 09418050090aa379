import { useId, type ReactNode } from 'react';
import { closeOnBackdrop, useNativeDialog } from './use-native-dialog.ts';

/** A modal dialog on the native <dialog>: focus trap, Escape and the top layer come from the browser. */
export function Modal({
  open,
  onClose,
  title,
  icon,
  children,
  actions,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const dialog = useNativeDialog(open, onClose);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onClick={closeOnBackdrop(onClose)}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-3xl border border-line bg-surface p-0 text-fg shadow-2xl open:animate-rise"
    >
      <div className="bg-card p-6 sm:p-7">
        {icon ? <div className="mb-4 grid size-12 place-items-center rounded-2xl bg-brand-gradient-warm text-white">{icon}</div> : null}
        <h2 id={titleId} className="text-xl font-bold tracking-tight">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="mt-2 text-pretty text-muted">
            {children}
          </div>
        ) : null}
        {actions ? <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div> : null}
      </div>
    </dialog>
  );
}
