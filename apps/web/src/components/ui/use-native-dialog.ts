import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';

/**
 * A native <dialog> that follows `open` (showModal: focus trap, Escape and the top layer come
 * from the browser). Spread the result on the <dialog>: when the browser closes it (Escape), the
 * owner hears it through `onClose`, unless it was closing anyway. React passes a dialog's `close`
 * on to the dialogs around it, so only this dialog's own closing counts (a confirmation opened
 * inside another dialog closes alone).
 */
export function useNativeDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return {
    ref,
    onClose: (event: SyntheticEvent<HTMLDialogElement>) => {
      if (open && event.target === event.currentTarget) onClose();
    },
  };
}

/** A click on the backdrop (the <dialog> itself, outside its content) closes it. */
export function closeOnBackdrop(onClose: () => void) {
  return (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };
}
