import { ExportMenu } from '@/features/export/ExportMenu';
import { useDraftField, type DraftStore } from '@/diagram/draftStore';

/**
 * The export menu needs the title; only this small wrapper re-renders when it changes. The text
 * is read when a copy is asked for, so typing does not re-render the menu.
 */
export function ExportSlot({ store }: { store: DraftStore }) {
  const title = useDraftField(store, 'title');
  return <ExportMenu title={title} text={() => store.get().content} />;
}
