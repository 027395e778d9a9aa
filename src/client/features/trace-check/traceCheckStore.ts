/**
 * Opens 'Check against a trace' from the sidebar's menu without the menu knowing the dialog: one
 * listener, the TraceCheck mounted in the editor while a saved diagram is open (an unsaved one
 * has nothing on the server to check). The menu shows its entry only while there is a listener.
 */
type Listener = () => void;
let listener: Listener | null = null;
const watchers = new Set<() => void>();

const changed = () => {
  for (const watch of watchers) watch();
};

export function onTraceCheck(next: Listener): () => void {
  listener = next;
  changed();
  return () => {
    if (listener !== next) return;
    listener = null;
    changed();
  };
}

export function openTraceCheck(): void {
  listener?.();
}

/** For useSyncExternalStore: whether a check can be opened now. */
export const traceCheckAvailable = (): boolean => listener !== null;

export function watchTraceCheck(watch: () => void): () => void {
  watchers.add(watch);
  return () => {
    watchers.delete(watch);
  };
}
