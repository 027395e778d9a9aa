import { GitBranch, Network, Workflow, type LucideIcon } from 'lucide-react';
import { TEMPLATE_DIALOG } from '@shared/messages';
import type { Template, TemplateCategory } from '@shared/templates';
import { TEMPLATE_TESTIDS } from './testIds';

const CATEGORY_ICONS: Record<TemplateCategory, LucideIcon> = {
  Sequence: GitBranch,
  Flowchart: Workflow,
  Class: Network,
};

/** One card of the chooser: title, description and 'Category: {category}' (spec §2). */
export function TemplateCard({
  template,
  onChoose,
}: {
  template: Template;
  onChoose: (template: Template) => void;
}) {
  const Icon = CATEGORY_ICONS[template.category];
  return (
    <button
      type="button"
      onClick={() => onChoose(template)}
      data-testid={TEMPLATE_TESTIDS.card}
      data-template-id={template.id}
      className="group flex h-full w-full cursor-pointer flex-col gap-2 rounded-lg border border-border bg-background p-4 text-left transition-all hover:-translate-y-px hover:border-primary/50 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex items-start gap-3">
        <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
          <Icon className="h-4 w-4" aria-hidden />
        </span>
        <span className="pt-1 font-semibold leading-tight group-hover:text-primary">
          {template.title}
        </span>
      </span>
      <span className="flex-1 text-sm text-muted-foreground">{template.description}</span>
      <span className="self-start rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
        {TEMPLATE_DIALOG.category(template.category)}
      </span>
    </button>
  );
}
