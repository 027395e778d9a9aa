/**
 * Input on the drawing (spec §2): drag pans, the wheel zooms about the cursor, Shift+wheel pans
 * horizontally, Alt+wheel pans vertically, two fingers pinch-zoom, and +/−/0 zoom in, out and
 * reset while the frame has focus.
 */
import { ZOOM } from '@shared/constants';
import type { Viewport } from './viewport';
import { wheelZoom, wheelZoomDelta } from './viewMath';

const DRAG_THRESHOLD_PX = 3;
const LINE_PX = 16;

interface Point {
  x: number;
  y: number;
}

function isEditing(target: EventTarget | null): boolean {
  return target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement;
}

export function installGestures(stage: HTMLElement, view: Viewport): void {
  /** What the last wheel events zoomed by less than a percent (a trackpad's), still to apply. */
  let carried = 0;
  stage.addEventListener(
    'wheel',
    (event) => {
      if (isEditing(event.target)) return;
      event.preventDefault();
      const scale =
        event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? stage.clientHeight : 1;
      const dx = event.deltaX * scale;
      const dy = event.deltaY * scale;
      if (event.shiftKey) view.panBy(-(dx || dy), 0);
      else if (event.altKey) view.panBy(0, -(dy || dx));
      else {
        // Spec §9: a notch is one zoom step, as the toolbar's buttons are.
        const next = wheelZoom(view.zoom, carried, wheelZoomDelta(event.deltaY, event.deltaMode));
        carried = next.carried;
        view.zoomTo(next.zoom, event.clientX, event.clientY);
      }
    },
    { passive: false },
  );

  const pointers = new Map<number, Point>();
  let dragging = false;
  let pinch: { distance: number } | null = null;

  const distance = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const midpoint = (): Point => {
    const [a, b] = [...pointers.values()];
    return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : { x: 0, y: 0 };
  };

  stage.addEventListener('pointerdown', (event) => {
    if (isEditing(event.target) || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // A press on a lifeline or a message is a drawing drag (dragEdits.ts), not a pan.
    if (event.defaultPrevented) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) pinch = { distance: distance() };
  });

  stage.addEventListener('pointermove', (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const next = { x: event.clientX, y: event.clientY };
    if (pinch && pointers.size === 2) {
      const before = midpoint();
      pointers.set(event.pointerId, next);
      const after = midpoint();
      const now = distance();
      if (pinch.distance > 0) view.zoomTo((view.zoom * now) / pinch.distance, after.x, after.y);
      view.panBy(after.x - before.x, after.y - before.y);
      pinch.distance = now;
      return;
    }
    const dx = next.x - last.x;
    const dy = next.y - last.y;
    // Only a real drag captures the pointer: a capture on press would retarget double-clicks.
    if (!dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    if (!dragging) {
      dragging = true;
      stage.setPointerCapture(event.pointerId);
      stage.classList.add('dragging');
    }
    pointers.set(event.pointerId, next);
    view.panBy(dx, dy);
  });

  const release = (event: PointerEvent) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0) {
      dragging = false;
      stage.classList.remove('dragging');
    }
  };
  stage.addEventListener('pointerup', release);
  stage.addEventListener('pointercancel', release);

  window.addEventListener('keydown', (event) => {
    if (isEditing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '+' || event.key === '=') view.zoomTo(view.zoom + ZOOM.step);
    else if (event.key === '-' || event.key === '_' || event.key === '−')
      view.zoomTo(view.zoom - ZOOM.step);
    else if (event.key === '0') view.reset();
    else return;
    event.preventDefault();
  });
}
