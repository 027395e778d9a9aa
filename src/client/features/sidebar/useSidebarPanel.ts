/** The sidebar panel's open/collapsed state, shared by the header toggle and the panel group. */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ImperativePanelHandle } from 'react-resizable-panels';

export interface SidebarPanel {
  /** A callback ref for the Panel. */
  attach: (handle: ImperativePanelHandle | null) => void;
  collapsed: boolean;
  /** Called by the panel when it collapses (by drag, toggle or a restored layout) or expands. */
  setCollapsed: (collapsed: boolean) => void;
  toggle: () => void;
}

export function useSidebarPanel(): SidebarPanel {
  const ref = useRef<ImperativePanelHandle>(null);
  const [collapsed, setCollapsed] = useState(false);
  const attach = useCallback((handle: ImperativePanelHandle | null) => {
    ref.current = handle;
  }, []);
  const toggle = useCallback(() => {
    const panel = ref.current;
    if (!panel) return;
    if (panel.isCollapsed()) panel.expand();
    else panel.collapse();
  }, []);
  return useMemo(() => ({ attach, collapsed, setCollapsed, toggle }), [attach, collapsed, toggle]);
}
