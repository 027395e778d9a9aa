import { ChevronRight } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { diagramDescription, type DescriptionItem } from '@shared/describe-diagram';
import { useDraftField, type DraftStore } from '@/diagram/draftStore';
import { cn } from '@/lib/cn';
import { SHARE_COPY, SHARE_TESTIDS } from './copy';

function Items({ items }: { items: readonly DescriptionItem[] }) {
  return (
    <ul className="ml-4 list-none space-y-0.5">
      {items.map((item, index) => (
        <li key={index}>
          {item.number === undefined ? item.text : `${item.number}. ${item.text}`}
          {item.children.length > 0 && <Items items={item.children} />}
        </li>
      ))}
    </ul>
  );
}

/** The description itself, read from the text shown (it follows the owner's edits). */
function Description({ store, headingId }: { store: DraftStore; headingId: string }) {
  const content = useDeferredValue(useDraftField(store, 'content'));
  const title = useDraftField(store, 'title');
  const description = useMemo(() => diagramDescription(content, title), [content, title]);
  return (
    <>
      <h2 id={headingId} className="font-semibold text-foreground">
        {description.heading}
      </h2>
      {description.accDescr && <p>{description.accDescr}</p>}
      {description.summary && <p className="text-muted-foreground">{description.summary}</p>}
      {description.participants.length > 0 && (
        <>
          <h3 className="mt-2 font-medium text-foreground">{SHARE_COPY.participants}</h3>
          <Items items={description.participants} />
        </>
      )}
      {description.messages.length > 0 && (
        <>
          <h3 className="mt-2 font-medium text-foreground">{SHARE_COPY.messages}</h3>
          <Items items={description.messages} />
        </>
      )}
    </>
  );
}

/**
 * The shared page's text version (issue 46): a disclosure button in the banner and, open, the
 * diagram in words below it (describe-diagram.ts, the same text as Export → Copy description and
 * convert's `description`). Read only while open.
 */
export function useTextVersion(store: DraftStore) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  return {
    button: (
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        title={SHARE_COPY.textVersionHint}
        data-testid={SHARE_TESTIDS.textVersion}
        className="flex shrink-0 items-center gap-1 rounded-sm px-1.5 py-0.5 font-medium text-foreground hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ChevronRight
          className={cn(
            'h-3.5 w-3.5 transition-transform motion-reduce:transition-none',
            open && 'rotate-90',
          )}
          aria-hidden
        />
        {SHARE_COPY.textVersion}
      </button>
    ),
    panel: (
      <section
        id={panelId}
        hidden={!open}
        aria-labelledby={open ? headingId : undefined}
        // Scrollable, so it takes the focus a keyboard needs to scroll it.
        tabIndex={open ? 0 : undefined}
        data-testid={SHARE_TESTIDS.textVersionPanel}
        className="max-h-[40vh] shrink-0 overflow-auto border-b border-border bg-background px-4 py-3 text-sm leading-relaxed focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        {open && <Description store={store} headingId={headingId} />}
      </section>
    ),
  };
}
