/**
 * Applies a label edited in the preview, a colour picked in its style palette, or an item of its
 * context menu to the diagram source: each is one undoable change of the editor's text, which
 * live co-editing carries like typing.
 */
import { drawingEdit } from '@shared/mermaid-reader/drawing-edit';
import { styleStatementEdit } from '@shared/mermaid-reader/style-edit';
import { toast } from '@/components/ui/toast-store';
import { PREVIEW_COPY } from './copy';
import { rewriteLabel, type LabelEditRequest } from './labelRewrite';
import type { DrawingEditMessage, StylePick } from './protocol';

/** What the preview needs of the code editor: the text, and one undoable range change. */
export interface SourceEditor {
  getText(): string;
  replaceRange(from: number, to: number, text: string): void;
}

export function applyLabelEdit(
  ref: { readonly current: SourceEditor | null } | undefined,
  edit: LabelEditRequest,
): void {
  const editor = ref?.current;
  if (!editor) return;
  const result = rewriteLabel(editor.getText(), edit);
  if (!result.ok) {
    toast({
      title: PREVIEW_COPY.labelNotChanged,
      description: result.reason,
      variant: 'destructive',
    });
    return;
  }
  editor.replaceRange(result.from, result.to, result.insert);
}

export function applyStylePick(
  ref: { readonly current: SourceEditor | null } | undefined,
  { target, preset }: Omit<StylePick, 'type'>,
): void {
  const editor = ref?.current;
  if (!editor) return;
  const edit = styleStatementEdit(editor.getText(), target, preset);
  if (edit) editor.replaceRange(edit.from, edit.to, edit.insert);
}

function notChanged(reason: string) {
  toast({ title: PREVIEW_COPY.drawingNotChanged, description: reason, variant: 'destructive' });
}

export function applyDrawingEdit(
  ref: { readonly current: SourceEditor | null } | undefined,
  { edit, lineText }: Omit<DrawingEditMessage, 'type'>,
): void {
  const editor = ref?.current;
  if (!editor) return;
  const text = editor.getText();
  if ('line' in edit && lineText !== null) {
    // The gesture aimed at a line of the drawn text: the same line must still say the same.
    const now = text.split('\n')[edit.line - 1]?.replace(/\r$/, '');
    if (now !== lineText) {
      notChanged(PREVIEW_COPY.drawingChanged);
      return;
    }
  }
  const result = drawingEdit(text, edit);
  if (!result.ok) {
    notChanged(result.reason);
    return;
  }
  editor.replaceRange(result.edit.from, result.edit.to, result.edit.insert);
}
