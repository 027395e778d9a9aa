import { memo, useCallback, useMemo, type RefObject } from 'react';
import {
  applyDrawingEdit,
  applyLabelEdit,
  applyStylePick,
} from '@/features/preview/applyLabelEdit';
import type { LabelEditRequest } from '@/features/preview/labelRewrite';
import type { DrawingEditMessage, StylePick } from '@/features/preview/protocol';
import { Preview, type FirstDrawing } from '@/features/preview/Preview';
import type { CodeEditorHandle } from './CodeEditor';
import { useDraftField, type DraftStore } from '@/diagram/draftStore';

const MemoPreview = memo(Preview);

/**
 * The preview of the open diagram. It hears the text as it changes without rendering for it: the
 * drawing is asked for on the keystroke itself, and React renders the preview only when what it
 * shows changes (a drawing comes back, its status, the title), never once a key.
 */
export function PreviewPane(props: {
  store: DraftStore;
  editor?: RefObject<CodeEditorHandle | null>;
  firstDrawing?: FirstDrawing;
}) {
  const { store, editor, firstDrawing } = props;
  const title = useDraftField(store, 'title');
  const live = useMemo(
    () => ({ get: () => store.get().content, subscribe: store.subscribe }),
    [store],
  );
  // A label edited in the drawing becomes one undoable change of the editor's text.
  const onLabelEdit = useCallback(
    (edit: LabelEditRequest) => applyLabelEdit(editor, edit),
    [editor],
  );
  // So does a colour picked in the drawing's style palette.
  const onStylePick = useCallback(
    (pick: Omit<StylePick, 'type'>) => applyStylePick(editor, pick),
    [editor],
  );
  // And so does an item chosen in the drawing's context menu.
  const onDrawingEdit = useCallback(
    (edit: Omit<DrawingEditMessage, 'type'>) => applyDrawingEdit(editor, edit),
    [editor],
  );
  return (
    <MemoPreview
      live={live}
      onLabelEdit={onLabelEdit}
      onStylePick={onStylePick}
      onDrawingEdit={onDrawingEdit}
      link={editor?.current?.smarts}
      firstDrawing={firstDrawing}
      name={title}
    />
  );
}
