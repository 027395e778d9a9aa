/** Reading drop targets off the DOM: rows and the list carry data-drop="root" or a folder id. */
import type { DropTarget } from './tree';

export const dropAttr = (target: DropTarget) => (target === null ? 'root' : String(target));

/** The target under a point; undefined when the point is outside every target. */
export function targetAt(x: number, y: number): DropTarget | undefined {
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-drop]');
  if (!el) return undefined;
  const value = el.dataset.drop;
  if (value === 'root') return null;
  const id = Number(value);
  return Number.isInteger(id) ? id : undefined;
}

/** A click right after a pointer drag ends is the drop, not a press: swallow it once. */
export function swallowNextClick(): void {
  const swallow = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
  };
  window.addEventListener('click', swallow, { capture: true, once: true });
  // If no click follows (the pointer left the row), stop waiting for one.
  window.setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
}
