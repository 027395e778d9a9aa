/**
 * Moving a diagram to a folder by dragging, without a library: pointer events cover mouse, pen
 * and touch (touch starts from the row's handle, so a finger on the row still scrolls), and a
 * keyboard mode on the same handle: Space or Enter picks the diagram up, the arrow keys choose
 * the target (announced through a live region), Space or Enter drops, Escape cancels.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { DiagramSummary } from '@shared/schemas';
import { swallowNextClick, targetAt } from './dropTargets';
import { SIDEBAR_COPY } from './copy';
import type { DropTarget } from './tree';

const DRAG_THRESHOLD_PX = 5;
const EDGE_PX = 40;
const SCROLL_STEP_PX = 12;

export interface DragState {
  diagram: DiagramSummary;
  /** undefined: not over any target (a drop there does nothing). */
  target: DropTarget | undefined;
  mode: 'pointer' | 'keyboard';
  x: number;
  y: number;
}

interface DragOptions {
  /** Keyboard targets in order: the root, then the folders by position. */
  targets: readonly DropTarget[];
  labelOf: (target: DropTarget) => string;
  onDrop: (diagram: DiagramSummary, target: DropTarget) => void;
  /** Brings a target's row into view. */
  reveal: (target: DropTarget) => void;
  /** The scrolling list, for scrolling while a pointer drag nears its edges. */
  scroller: () => HTMLElement | null;
  announce: (message: string) => void;
}

export function useDiagramDrag(options: DragOptions) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const dragRef = useRef<DragState | null>(null);
  const update = useCallback((next: DragState | null) => {
    dragRef.current = next;
    setDrag(next);
  }, []);

  const finish = useCallback(
    (state: DragState, target: DropTarget | undefined) => {
      update(null);
      const { announce, labelOf, onDrop } = latest.current;
      const title = state.diagram.title;
      if (target === undefined || target === state.diagram.folderId) {
        announce(SIDEBAR_COPY.cancelled(title));
        return;
      }
      announce(SIDEBAR_COPY.dropped(title, labelOf(target)));
      onDrop(state.diagram, target);
    },
    [update],
  );

  const onPointerDown = useCallback(
    (event: PointerEvent, diagram: DiagramSummary) => {
      if (event.button !== 0 || dragRef.current) return;
      const onHandle = (event.target as Element).closest('[data-drag-handle]') !== null;
      if (event.pointerType === 'touch' && !onHandle) return;
      const { pointerId } = event;
      const start = { x: event.clientX, y: event.clientY };
      let started = false;
      let frame = 0;

      const autoScroll = () => {
        const state = dragRef.current;
        const el = latest.current.scroller();
        if (state && el) {
          const rect = el.getBoundingClientRect();
          const step =
            state.y < rect.top + EDGE_PX
              ? -SCROLL_STEP_PX
              : state.y > rect.bottom - EDGE_PX
                ? SCROLL_STEP_PX
                : 0;
          if (step !== 0 && state.x >= rect.left && state.x <= rect.right) {
            el.scrollTop += step;
            update({ ...state, target: targetAt(state.x, state.y) });
          }
        }
        frame = requestAnimationFrame(autoScroll);
      };
      const move = (e: globalThis.PointerEvent) => {
        if (e.pointerId !== pointerId) return;
        if (!started) {
          if (Math.hypot(e.clientX - start.x, e.clientY - start.y) < DRAG_THRESHOLD_PX) return;
          started = true;
          frame = requestAnimationFrame(autoScroll);
        }
        e.preventDefault();
        update({
          diagram,
          mode: 'pointer',
          x: e.clientX,
          y: e.clientY,
          target: targetAt(e.clientX, e.clientY),
        });
      };
      const stop = () => {
        cancelAnimationFrame(frame);
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', end);
        window.removeEventListener('pointercancel', end);
        window.removeEventListener('keydown', escape, true);
      };
      const end = (e: globalThis.PointerEvent) => {
        if (e.pointerId !== pointerId) return;
        stop();
        const state = dragRef.current;
        if (!started || !state) return;
        swallowNextClick();
        finish(state, e.type === 'pointerup' ? targetAt(e.clientX, e.clientY) : undefined);
      };
      const escape = (e: globalThis.KeyboardEvent) => {
        if (e.key !== 'Escape' || !dragRef.current) return;
        e.preventDefault();
        stop();
        finish(dragRef.current, undefined);
      };
      window.addEventListener('pointermove', move, { passive: false });
      window.addEventListener('pointerup', end);
      window.addEventListener('pointercancel', end);
      window.addEventListener('keydown', escape, true);
    },
    [finish, update],
  );

  const onHandleKeyDown = useCallback(
    (event: KeyboardEvent, diagram: DiagramSummary) => {
      if ((event.key !== ' ' && event.key !== 'Enter') || dragRef.current) return;
      event.preventDefault();
      event.stopPropagation();
      const { targets, labelOf, announce, reveal } = latest.current;
      const target = targets.includes(diagram.folderId) ? diagram.folderId : null;
      update({ diagram, mode: 'keyboard', target, x: 0, y: 0 });
      reveal(target);
      announce(SIDEBAR_COPY.pickedUp(diagram.title, labelOf(target)));
    },
    [update],
  );

  const keyboardDragging = drag?.mode === 'keyboard';
  useEffect(() => {
    if (!keyboardDragging) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const state = dragRef.current;
      if (!state) return;
      const { targets, labelOf, announce, reveal } = latest.current;
      const index = Math.max(0, targets.indexOf(state.target ?? null));
      const choose = (next: number) => {
        const target = targets[(next + targets.length) % targets.length] ?? null;
        update({ ...state, target });
        reveal(target);
        announce(SIDEBAR_COPY.over(labelOf(target)));
      };
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowRight':
          choose(index + 1);
          break;
        case 'ArrowUp':
        case 'ArrowLeft':
          choose(index - 1);
          break;
        case 'Home':
          choose(0);
          break;
        case 'End':
          choose(targets.length - 1);
          break;
        case ' ':
        case 'Enter':
          finish(state, state.target);
          break;
        case 'Escape':
        case 'Tab':
          finish(state, undefined);
          break;
        default:
          return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [keyboardDragging, finish, update]);

  return { drag, onPointerDown, onHandleKeyDown };
}
