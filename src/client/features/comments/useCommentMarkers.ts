import { useEffect } from 'react';
import { useComments } from '@/api/comments';

/** What the markers need of the text's editor view (the editor screen's CodeEditorView). */
export interface CommentGutterHost {
  setCommentLines(lines: ReadonlyMap<number, number>): void;
  onCommentGutter(callback: ((line: number) => void) | null): void;
}

/**
 * Keeps the text's comment gutter in step with the open diagram's threads (open ones, on their
 * current lines), and makes a click on the gutter of a line start a comment there.
 */
export function useCommentMarkers(
  diagramId: number,
  view: CommentGutterHost,
  onLine: (line: number) => void,
): void {
  const { data } = useComments(diagramId);
  useEffect(() => {
    const lines = new Map<number, number>();
    for (const thread of data ?? []) {
      if (thread.resolved || thread.line === null) continue;
      lines.set(thread.line, (lines.get(thread.line) ?? 0) + 1);
    }
    view.setCommentLines(diagramId > 0 ? lines : new Map());
  }, [data, diagramId, view]);
  useEffect(() => {
    view.onCommentGutter(diagramId > 0 ? onLine : null);
    return () => view.onCommentGutter(null);
  }, [diagramId, view, onLine]);
}
