/**
 * The text's comment gutter: a marker on every commented line (the count in its name), and a
 * click on the gutter of any line to comment on it. The lines come from the comments list
 * (`setCommentLines`); between two lists the markers move with the text as it is edited.
 */
import { RangeSet, StateEffect, StateField, type Extension } from '@codemirror/state';
import { EditorView, GutterMarker, gutter } from '@codemirror/view';
import { COMMENTS_COPY, COMMENTS_TESTIDS } from './copy';

class CommentMarker extends GutterMarker {
  constructor(readonly count: number) {
    super();
  }

  override eq(other: GutterMarker): boolean {
    return other instanceof CommentMarker && other.count === this.count;
  }

  override toDOM(): Node {
    const mark = document.createElement('span');
    mark.className = 'cm-comment-marker';
    mark.title = COMMENTS_COPY.gutterMarker(this.count);
    mark.setAttribute('aria-label', COMMENTS_COPY.gutterMarker(this.count));
    mark.dataset.testid = COMMENTS_TESTIDS.gutter;
    mark.dataset.count = String(this.count);
    return mark;
  }
}

/** The commented lines (1-based) with how many threads each holds. */
export const setCommentLines = StateEffect.define<ReadonlyMap<number, number>>();

function markersOf(view: { state: EditorView['state'] }, lines: ReadonlyMap<number, number>) {
  const { doc } = view.state;
  const ranges = [...lines]
    .filter(([line]) => line >= 1 && line <= doc.lines)
    .sort(([a], [b]) => a - b)
    .map(([line, count]) => new CommentMarker(count).range(doc.line(line).from));
  return RangeSet.of(ranges);
}

const commentMarkers = StateField.define<RangeSet<GutterMarker>>({
  create: () => RangeSet.empty,
  update(markers, tr) {
    let next = markers.map(tr.changes);
    for (const effect of tr.effects) {
      if (effect.is(setCommentLines)) next = markersOf(tr, effect.value);
    }
    return next;
  },
});

/** The gutter; `onLine` is called with the 1-based line whose gutter was clicked. */
export function commentGutter(onLine: (line: number) => void): Extension {
  return [
    commentMarkers,
    gutter({
      class: 'cm-comment-gutter',
      markers: (view) => view.state.field(commentMarkers),
      initialSpacer: () => new CommentMarker(1),
      // Every line has its place in the gutter: a click there comments on it.
      renderEmptyElements: true,
      domEventHandlers: {
        mousedown(view, block) {
          onLine(view.state.doc.lineAt(block.from).number);
          return true;
        },
      },
    }),
    EditorView.baseTheme({
      '.cm-comment-gutter': { cursor: 'pointer', minWidth: '1.4em' },
      '.cm-comment-gutter .cm-gutterElement': { textAlign: 'center', fontSize: '0.8em' },
      '.cm-comment-marker': {
        display: 'inline-block',
        width: '9px',
        height: '9px',
        borderRadius: '50%',
        backgroundColor: 'var(--primary)',
        verticalAlign: 'middle',
      },
    }),
  ];
}
