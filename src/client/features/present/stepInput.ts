/**
 * Which step a key or a gesture asks for in present mode. Pure, so the keys and the swipe
 * thresholds are decided in one place.
 */
export type StepMove = 'next' | 'previous' | 'first' | 'last' | 'leave';

const KEYS: Record<string, StepMove> = {
  ArrowRight: 'next',
  ArrowDown: 'next',
  ' ': 'next',
  PageDown: 'next',
  ArrowLeft: 'previous',
  ArrowUp: 'previous',
  PageUp: 'previous',
  Home: 'first',
  End: 'last',
  Escape: 'leave',
};

export function moveForKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): StepMove | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  return KEYS[event.key] ?? null;
}

/** A swipe is a horizontal move of at least this much; a tap moves less than TAP_SLOP_PX. */
export const SWIPE_MIN_PX = 40;
export const TAP_SLOP_PX = 10;

/** A pointer's move from press to release: swipe left → next, right → previous, a tap → next. */
export function moveForGesture(dx: number, dy: number): StepMove | null {
  if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) {
    return dx < 0 ? 'next' : 'previous';
  }
  if (Math.hypot(dx, dy) < TAP_SLOP_PX) return 'next';
  return null;
}

/** The step a move leads to, within `count` steps (0-based). */
export function stepAfter(move: Exclude<StepMove, 'leave'>, step: number, count: number): number {
  const last = Math.max(0, count - 1);
  if (move === 'first') return 0;
  if (move === 'last') return last;
  if (move === 'next') return Math.min(last, step + 1);
  return Math.max(0, step - 1);
}
