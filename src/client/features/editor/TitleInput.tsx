import { normaliseTitle } from '@shared/title';
import { EDITOR_COPY } from './copy';
import { useDraftField, type DraftStore } from '@/diagram/draftStore';
import { EDITOR_TESTIDS } from './testIds';

/** The diagram title; spec §5: left empty, it becomes 'Untitled' when the field loses focus. */
export function TitleInput({ store }: { store: DraftStore }) {
  const title = useDraftField(store, 'title');
  return (
    <input
      value={title}
      onChange={(event) => store.setTitle(event.target.value)}
      onBlur={(event) => store.setTitle(normaliseTitle(event.target.value))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      aria-label={EDITOR_COPY.titleLabel}
      data-testid={EDITOR_TESTIDS.title}
      spellCheck={false}
      className="h-8 w-full min-w-0 rounded-md border border-transparent bg-transparent px-2 text-sm font-medium text-foreground transition-colors hover:border-border focus:border-border focus:bg-background focus:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:max-w-72"
    />
  );
}
