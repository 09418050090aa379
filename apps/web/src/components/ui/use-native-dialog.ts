import { useEffect, useRef, type MouseEvent } from 'react';

/**
 * A native <dialog> that follows `open` (showModal: focus trap, Escape and the top layer come
 * from the browser). Spread the result on the <dialog>: when the browser closes it (Escape), the
 * owner hears it through `onClose`, unless it was closing anyway.
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
    onClose: () => {
      if (open) onClose();
    },
  };
}

/** A click on the backdrop (the <dialog> itself, outside its content) closes it. */
export function closeOnBackdrop(onClose: () => void) {
  return (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };
}
