/**
 * Applies a label edited in the preview, or a colour picked in its style palette, to the diagram
 * source: each is one undoable change of the editor's text.
 */
import { styleStatementEdit } from '@shared/mermaid-reader/style-edit';
import { toast } from '@/components/ui/toast-store';
import { PREVIEW_COPY } from './copy';
import { rewriteLabel, type LabelEditRequest } from './labelRewrite';
import type { StylePick } from './protocol';

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
