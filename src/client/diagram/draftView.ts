import type { DraftStore } from './draftStore';
import type { OpenDiagram } from './openDiagram';

/**
 * The open diagram as the rest of the screen reads it (title and text, one stable object per
 * change, for useSyncExternalStore). Writing through it goes to the diagram's owner, never to a
 * copy: the title field and program changes land in the same Y.Doc as typing.
 */
export function draftView(diagram: OpenDiagram): DraftStore {
  let draft = diagram.read();
  const listeners = new Set<() => void>();
  diagram.subscribe(() => {
    const next = diagram.read();
    if (next.title === draft.title && next.content === draft.content) return;
    draft = next;
    listeners.forEach((listener) => listener());
  });
  return {
    get: () => draft,
    setTitle: (title: string) => diagram.setTitle(title),
    setContent: (content: string) => diagram.replaceText(content),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
