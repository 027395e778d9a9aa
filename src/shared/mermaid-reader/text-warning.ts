/** A warning about a stretch of diagram text, with the fix a person can apply in one step. */
import type { Span } from './sequence.js';

export interface Fix extends Span {
  /** What the fix does, as a button label. */
  label: string;
  insert: string;
}

export interface TextWarning extends Span {
  message: string;
  fix: Fix | null;
}
