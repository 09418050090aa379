import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { TrashIcon } from './icons.tsx';
import { Modal } from './modal.tsx';

/** Asks before deleting: the question, what it means, and cancel / delete. */
export function ConfirmDeleteModal({
  open,
  title,
  children,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      icon={<TrashIcon className="size-6" />}
      title={title}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
