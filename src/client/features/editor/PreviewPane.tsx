import { memo, useDeferredValue } from 'react';
import { Preview } from '@/features/preview/Preview';
import { useDraftField, type DraftStore } from './draftStore';

const MemoPreview = memo(Preview);

/**
 * The only subscriber to the text. The deferred value lets React finish the keystroke first and
 * hand the preview the new text in an interruptible render.
 */
export function PreviewPane({ store }: { store: DraftStore }) {
  const content = useDraftField(store, 'content');
  const deferred = useDeferredValue(content);
  return <MemoPreview text={deferred} />;
}
