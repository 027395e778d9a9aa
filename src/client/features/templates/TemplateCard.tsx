import { ArrowRightLeft, Network, Workflow, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { TEMPLATE_DIALOG } from '@shared/messages';
import type { Template, TemplateCategory } from '@shared/templates';
import { TEMPLATE_TESTIDS } from './testIds';

const CATEGORY_ICONS: Record<TemplateCategory, LucideIcon> = {
  Sequence: ArrowRightLeft,
  Flowchart: Workflow,
  Class: Network,
};

/** The server's drawing of a template (server/templates), in the page's theme. */
export const templateImageUrl = (id: string, dark: boolean) =>
  `/templates/${encodeURIComponent(id)}.svg?theme=${dark ? 'dark' : 'light'}`;

/**
 * One card of the chooser: the template drawn, its title, description and 'Category: {category}'
 * (spec §2). Where the server cannot draw (no browser installed), the category's icon stands in.
 */
export function TemplateCard({
  template,
  dark,
  onChoose,
}: {
  template: Template;
  dark: boolean;
  onChoose: (template: Template) => void;
}) {
  const Icon = CATEGORY_ICONS[template.category];
  const [failed, setFailed] = useState(false);
  return (
    <button
      type="button"
      onClick={() => onChoose(template)}
      data-testid={TEMPLATE_TESTIDS.card}
      data-template-id={template.id}
      className="group flex h-full w-full cursor-pointer flex-col gap-2 rounded-lg border border-border bg-background p-3 text-left transition-all hover:-translate-y-px hover:border-primary/50 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex h-28 w-full items-center justify-center overflow-hidden rounded-md border border-border bg-muted/40 p-2">
        {failed ? (
          <Icon className="h-8 w-8 text-primary" aria-hidden />
        ) : (
          <img
            src={templateImageUrl(template.id, dark)}
            alt=""
            data-testid={TEMPLATE_TESTIDS.drawing}
            loading="lazy"
            decoding="async"
            className="max-h-full max-w-full object-contain"
            onError={() => setFailed(true)}
          />
        )}
      </span>
      <span className="flex items-center gap-2 px-1">
        <Icon className="h-4 w-4 shrink-0 text-primary" aria-hidden />
        <span className="font-semibold leading-tight group-hover:text-primary">
          {template.title}
        </span>
      </span>
      <span className="flex-1 px-1 text-sm text-muted-foreground">{template.description}</span>
      <span className="mx-1 self-start rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
        {TEMPLATE_DIALOG.category(template.category)}
      </span>
    </button>
  );
}
