/**
 * While a drawing drag is under way (issue: edit by drawing), the text shows where it lands: a
 * line across the text where a new or moved message goes in, and the moved message's own line
 * dimmed. Only a mark: the text changes once, when the drag is dropped.
 */
import { RangeSetBuilder, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';

/** A new line goes in before `line` (one past the last line: at the end); `moving` moves away. */
export interface DropTarget {
  line: number;
  moving: number | null;
}

export const setDropTarget = StateEffect.define<DropTarget | null>();

const before = Decoration.line({ class: 'cm-drop-before' });
const after = Decoration.line({ class: 'cm-drop-after' });
const moving = Decoration.line({ class: 'cm-drop-moving' });

function marks(
  view: { doc: { lines: number; line(n: number): { from: number } } },
  target: DropTarget,
) {
  const { doc } = view;
  const builder = new RangeSetBuilder<Decoration>();
  const at = Math.min(Math.max(1, target.line), doc.lines + 1);
  const items: { line: number; mark: Decoration }[] = [];
  if (at <= doc.lines) items.push({ line: at, mark: before });
  else items.push({ line: doc.lines, mark: after });
  if (target.moving !== null && target.moving >= 1 && target.moving <= doc.lines) {
    items.push({ line: target.moving, mark: moving });
  }
  items.sort((a, b) => a.line - b.line);
  for (const item of items) {
    const from = doc.line(item.line).from;
    builder.add(from, from, item.mark);
  }
  return builder.finish();
}

const dropField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, transaction) {
    let next = value.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (effect.is(setDropTarget)) {
        next = effect.value ? marks(transaction.state, effect.value) : Decoration.none;
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const dropTheme = EditorView.baseTheme({
  '.cm-drop-before': { boxShadow: 'inset 0 2px 0 0 var(--primary)' },
  '.cm-drop-after': { boxShadow: 'inset 0 -2px 0 0 var(--primary)' },
  '.cm-drop-moving': {
    backgroundColor: 'color-mix(in oklab, var(--primary) 12%, transparent)',
    textDecoration: 'line-through',
    textDecorationColor: 'color-mix(in oklab, var(--primary) 55%, transparent)',
  },
});

export function dropMark(): Extension {
  return [dropField, dropTheme];
}

/** Shows (or clears, with null) where a drawing drag will land, scrolled into view. */
export function showDropTarget(view: EditorView, target: DropTarget | null): void {
  const effects: StateEffect<unknown>[] = [setDropTarget.of(target)];
  if (target) {
    const line = Math.min(Math.max(1, target.line), view.state.doc.lines);
    effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: 'nearest' }));
  }
  view.dispatch({ effects });
}
