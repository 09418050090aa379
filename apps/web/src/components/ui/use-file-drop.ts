import { useState, type DragEvent } from 'react';

/**
 * Files dropped on an area: spread `dropProps` on it; `dragging` says whether something is
 * being dragged over it now (leaving for one of its own children does not count).
 */
export function useFileDrop(onFiles: (files: File[]) => void, { copy = false }: { copy?: boolean } = {}) {
  const [dragging, setDragging] = useState(false);
  const dropProps = {
    onDragEnter: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (copy) event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(false);
      onFiles(Array.from(event.dataTransfer.files));
    },
  };
  return { dragging, dropProps };
}
