/**
 * Collaborators' carets (y-codemirror.next draws them): the name sits beside the caret in the
 * app's font and the collaborator's presence colour while they type, and fades a few seconds
 * after their last move (each move draws a fresh caret, which restarts the fade); hovering the
 * caret shows the name again.
 */
import { EditorView } from '@codemirror/view';

/** How long a name stays after its collaborator's last keystroke or move. */
export const REMOTE_NAME_VISIBLE_MS = 3000;

export const remoteCursorTheme = EditorView.theme({
  '.cm-ySelectionCaret': {
    borderLeftWidth: '2px',
    borderRightWidth: '0',
    marginLeft: '-1px',
    marginRight: '-1px',
  },
  '.cm-ySelectionInfo': {
    top: '-1.5em',
    left: '-2px',
    padding: '1px 6px',
    borderRadius: '4px 4px 4px 0',
    fontFamily: 'var(--font-sans)',
    fontSize: '11px',
    fontWeight: '600',
    lineHeight: '1.4',
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
