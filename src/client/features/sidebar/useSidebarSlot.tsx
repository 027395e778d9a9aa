/** Everything the signed-in editor needs for the sidebar: the panel's content, handle and toggle. */
import { useMemo } from 'react';
import type { DiagramHandle } from '@/diagram/saving/useDiagramHandle';
import { Sidebar } from './Sidebar';
import { SidebarToggle } from './SidebarToggle';
import { useSidebarPanel } from './useSidebarPanel';

export function useSidebarSlot(handle: DiagramHandle) {
  const panel = useSidebarPanel();
  const { serverState, saver, select, startNew } = handle;
  // Memoised: the header is memoised and the handle object is new on every render.
  const content = useMemo(
    () => <Sidebar handle={{ serverState, saver, select, startNew }} />,
    [serverState, saver, select, startNew],
  );
  const toggle = useMemo(() => <SidebarToggle panel={panel} />, [panel]);
  return useMemo(() => ({ content, panel, toggle }), [content, panel, toggle]);
}
