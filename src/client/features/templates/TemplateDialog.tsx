import { FileText } from 'lucide-react';
import { useRef } from 'react';
import { TEMPLATE_LIST_HEIGHT_PX } from '@shared/constants';
import { TEMPLATE_DIALOG } from '@shared/messages';
import { TEMPLATES, type Template } from '@shared/templates';
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { TEMPLATE_COPY } from './copy';
import { TemplateCard } from './TemplateCard';
import { TEMPLATE_TESTIDS } from './testIds';

interface TemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (template: Template) => void;
  onBlank: () => void;
  /** Where focus goes once a choice closed the dialog (the editor, not the New button). */
  onChosenFocus?: () => void;
  /** Signed in, a choice starts a new diagram; signed out it replaces the editor's text. */
  startsNew: boolean;
  /** The drawings on the cards follow the page's theme. */
  dark: boolean;
}

/**
 * Spec §2 'Choose a Template': a 400px-high scrollable two-column grid (one column on phones)
 * in an 'xl' dialog. 'New' opens it; the footer's 'Blank diagram' starts from the blank defaults.
 */
export function TemplateDialog({
  open,
  onOpenChange,
  onChoose,
  onBlank,
  onChosenFocus,
  startsNew,
  dark,
}: TemplateDialogProps) {
  // A ref: the close re-renders the dialog before Radix asks where focus should go.
  const chosen = useRef(false);
  const choose = (action: () => void) => {
    chosen.current = true;
    action();
    onOpenChange(false);
  };
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      closeLabel={TEMPLATE_DIALOG.close}
      data-testid={TEMPLATE_TESTIDS.dialog}
      onCloseAutoFocus={(event) => {
        const wasChosen = chosen.current;
        chosen.current = false;
        if (!wasChosen || !onChosenFocus) return;
        event.preventDefault();
        onChosenFocus();
      }}
      title={TEMPLATE_DIALOG.title}
      description={startsNew ? TEMPLATE_COPY.startsNew : TEMPLATE_COPY.replaces}
    >
      <div
        className="-mx-2 overflow-y-auto px-2 py-1"
        style={{ height: TEMPLATE_LIST_HEIGHT_PX }}
        data-testid={TEMPLATE_TESTIDS.list}
      >
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {TEMPLATES.map((template) => (
            <li key={template.id}>
              <TemplateCard
                template={template}
                dark={dark}
                onChoose={(t) => choose(() => onChoose(t))}
              />
            </li>
          ))}
        </ul>
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-border pt-4">
        <span className="text-sm text-muted-foreground">{TEMPLATE_COPY.blankLead}</span>
        <Button
          variant="outline"
          onClick={() => choose(onBlank)}
          data-testid={TEMPLATE_TESTIDS.blank}
        >
          <FileText className="h-4 w-4" aria-hidden />
          {TEMPLATE_COPY.blank}
        </Button>
      </div>
    </DialogShell>
  );
}
