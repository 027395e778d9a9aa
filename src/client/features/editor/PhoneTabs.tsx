import { Code2, List, Workflow } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { EDITOR_TESTIDS } from './testIds';
import { KEEP_CLEAR } from '@/components/ui/keepClear';

export type PhoneTab = 'list' | 'code' | 'diagram';

export const PHONE_TAB_LABELS: Record<PhoneTab, string> = {
  list: 'List',
  code: 'Code',
  diagram: 'Diagram',
};

const ICONS = { list: List, code: Code2, diagram: Workflow } as const;

/**
 * A phone's editor: one panel at a time, full size, with a tab bar at the bottom within the
 * thumb's reach. Every panel stays mounted and laid out at full size (the editor keeps its undo
 * history and caret; the drawing keeps drawing, which needs layout), the others invisible and
 * inert, out of reach of the pointer, the keyboard and screen readers.
 */
export function PhoneTabs({
  tab,
  onTab,
  list,
  editor,
  preview,
}: {
  tab: PhoneTab;
  onTab: (tab: PhoneTab) => void;
  list?: ReactNode;
  editor: ReactNode;
  preview: ReactNode;
}) {
  const tabs: PhoneTab[] = list ? ['list', 'code', 'diagram'] : ['code', 'diagram'];
  const panel = (id: PhoneTab, content: ReactNode, testId: string) => (
    <div
      role="tabpanel"
      id={`phone-panel-${id}`}
      aria-labelledby={`phone-tab-${id}`}
      inert={tab !== id}
      data-testid={testId}
      className={cn('absolute inset-0 bg-background', tab !== id && 'invisible')}
    >
      {content}
    </div>
  );
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative min-h-0 flex-1">
        {list !== undefined && panel('list', list, 'phone-list-panel')}
        {panel('code', editor, EDITOR_TESTIDS.editorPanel)}
        {panel('diagram', preview, EDITOR_TESTIDS.previewPanel)}
      </div>
      <div
        {...KEEP_CLEAR}
        role="tablist"
        aria-label="Editor view"
        className="flex shrink-0 border-t border-border bg-card pb-[env(safe-area-inset-bottom)]"
      >
        {tabs.map((id) => {
          const Icon = ICONS[id];
          const selected = tab === id;
          return (
            <button
              key={id}
              type="button"
              role="tab"
              id={`phone-tab-${id}`}
              aria-selected={selected}
              aria-controls={`phone-panel-${id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onTab(id)}
              onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                const next = tabs[(tabs.indexOf(id) + step + tabs.length) % tabs.length]!;
                onTab(next);
                document.getElementById(`phone-tab-${next}`)?.focus();
              }}
              data-testid={`phone-tab-${id}`}
              className={cn(
                'flex min-h-12 flex-1 cursor-pointer flex-col items-center justify-center gap-0.5 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                selected ? 'text-primary' : 'text-muted-foreground',
              )}
            >
              <Icon className="h-5 w-5" aria-hidden />
              {PHONE_TAB_LABELS[id]}
            </button>
          );
        })}
      </div>
    </div>
  );
}
