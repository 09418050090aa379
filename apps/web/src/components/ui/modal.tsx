import { useEffect, useId, useRef, type ReactNode } from 'react';

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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
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
