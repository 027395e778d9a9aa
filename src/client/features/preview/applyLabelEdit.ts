/** Applies a label edited in the preview to the diagram source, or says why it could not. */
import { toast } from '@/components/ui/toast-store';
import { PREVIEW_COPY } from './copy';
import { rewriteLabel, type LabelEditRequest } from './labelRewrite';

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
