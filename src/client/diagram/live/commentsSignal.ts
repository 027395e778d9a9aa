/**
 * The live connection's word that a diagram's comments changed (`comments` on the stateless
 * channel), for whoever shows them (features/comments): the connection knows nothing of comments.
 */
type Listener = (diagramId: number) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with the diagram's id whenever its comments change; answers the unsubscribe. */
export function onCommentsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function commentsChanged(diagramId: number): void {
  for (const listener of [...listeners]) listener(diagramId);
}
