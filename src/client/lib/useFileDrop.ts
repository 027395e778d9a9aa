/**
 * Files dragged from the desktop onto an element: a highlight while they hover, the files on
 * drop. Only drags that carry files count, so the sidebar's own diagram dragging is untouched.
 */
import { useRef, useState, type DragEvent } from 'react';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

export function useFileDrop(onFiles: (files: File[]) => void) {
  const [active, setActive] = useState(false);
  // dragenter/dragleave fire for every child crossed; count them to know when it really left.
  const depth = useRef(0);

  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setActive(true);
    },
    onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setActive(false);
    },
    onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setActive(false);
      const files = [...event.dataTransfer.files];
      if (files.length > 0) onFiles(files);
    },
  };
  return { active, handlers };
}
