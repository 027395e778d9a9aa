/** Everything the signed-in editor needs for the sidebar: the panel's content, handle and toggle. */
import { useMemo } from 'react';
import type { DocumentSession } from '@/diagram/saving/useDocumentSession';
import { Sidebar } from './Sidebar';
import { SidebarToggle } from './SidebarToggle';
import { useSidebarPanel } from './useSidebarPanel';

export function useSidebarSlot(session: DocumentSession) {
  const panel = useSidebarPanel();
  const { doc, saver, select, startNew } = session;
  // Memoised: the header is memoised and the session object is new on every render.
  const content = useMemo(
    () => <Sidebar session={{ doc, saver, select, startNew }} />,
    [doc, saver, select, startNew],
  );
  const toggle = useMemo(() => <SidebarToggle panel={panel} />, [panel]);
  return useMemo(() => ({ content, panel, toggle }), [content, panel, toggle]);
}
