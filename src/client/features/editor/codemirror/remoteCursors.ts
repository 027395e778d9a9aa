/**
 * Collaborators' carets (y-codemirror.next draws them): the name sits just after the caret, on
 * the caret's own line (a flag above it hid the line above, which is what people read), in the
 * app's font and the collaborator's presence colour while they type, and fades a few seconds
 * after their last move; hovering the caret shows the name again. y-codemirror.next keeps a
 * caret's element while its colour stays the same (and a cursor at the end of the text does
 * not even change its shared state as they type), so the fade restarts here whenever a caret is
 * drawn somewhere new.
 */
import { EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import type { ChangeSet, Extension } from '@codemirror/state';

/** How long a name stays after its collaborator's last keystroke or move. */
export const REMOTE_NAME_VISIBLE_MS = 3000;

const remoteCursorTheme = EditorView.theme({
  '.cm-ySelectionCaret': {
    borderLeftWidth: '2px',
    borderRightWidth: '0',
    marginLeft: '-1px',
    marginRight: '-1px',
  },
  '.cm-ySelectionInfo': {
    top: '50%',
    left: '4px',
    transform: 'translateY(-50%)',
    padding: '0 6px',
    borderRadius: '4px',
    fontFamily: 'var(--font-sans)',
    fontSize: '11px',
    fontWeight: '600',
    lineHeight: '1.35',
    color: '#ffffff',
    opacity: '1',
    animation: `lifeline-remote-name 400ms ease-in ${REMOTE_NAME_VISIBLE_MS}ms forwards`,
  },
  '.cm-ySelectionCaret:hover > .cm-ySelectionInfo': {
    animation: 'none',
    opacity: '1',
  },
  '@keyframes lifeline-remote-name': {
    to: { opacity: '0' },
  },
});

/** The usual restart of a CSS animation: drop it, let layout see that, give it back. */
function restartFade(label: HTMLElement): void {
  label.style.animation = 'none';
  void label.offsetWidth;
  label.style.animation = '';
}

/**
 * Watches where each caret is drawn. A caret that moved by more than the edits around it (its
 * collaborator typed there, or moved their cursor) gets its name back; one that only shifted
 * with text inserted before it keeps fading.
 */
const fadeRestarts = ViewPlugin.fromClass(
  class {
    private readonly drawnAt = new WeakMap<Element, number>();
    private pending: ChangeSet | null = null;

    update(update: ViewUpdate): void {
      const carets = update.view.dom.getElementsByClassName('cm-ySelectionCaret');
      if (carets.length === 0) return;
      this.pending = this.pending ? this.pending.compose(update.changes) : update.changes;
      update.view.requestMeasure({
        key: this,
        read: (view) => {
          const changes = this.pending;
          this.pending = null;
          const moved: HTMLElement[] = [];
          for (const caret of Array.from(carets)) {
            const at = view.posAtDOM(caret);
            const before = this.drawnAt.get(caret);
            this.drawnAt.set(caret, at);
            // A new caret element starts its own fade.
            if (before === undefined) continue;
            const expected = changes ? changes.mapPos(before, -1) : before;
            const label = caret.querySelector<HTMLElement>('.cm-ySelectionInfo');
            if (at !== expected && label) moved.push(label);
          }
          return moved;
        },
        write: (moved) => moved.forEach(restartFade),
      });
    }
  },
);

/** The carets' look, and their names coming back whenever their collaborator moves. */
export const remoteCursors: Extension = [remoteCursorTheme, fadeRestarts];
