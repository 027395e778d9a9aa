/** The sidebar panel's open/collapsed state, shared by the header toggle and the panel group. */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ImperativePanelGroupHandle, ImperativePanelHandle } from 'react-resizable-panels';
import { PANELS } from '@shared/constants';

export interface SidebarPanel {
  /** A callback ref for the Panel. */
  attach: (handle: ImperativePanelHandle | null) => void;
  /** A callback ref for the PanelGroup (sidebar, editor, preview, in that order). */
  attachGroup: (handle: ImperativePanelGroupHandle | null) => void;
  collapsed: boolean;
  /** Called by the panel when it collapses (by drag, toggle or a restored layout) or expands. */
  setCollapsed: (collapsed: boolean) => void;
  toggle: () => void;
}

/**
 * The toggle's layouts: collapsing gives the sidebar's width to the drawing (the editor keeps
 * its own), and opening takes it back from the drawing first, down to the drawing's minimum,
 * then from the editor. react-resizable-panels' own collapse would hand it to the editor beside.
 */
export function toggledLayout(layout: number[], reopenAt: number): number[] {
  const [sidebar = 0, editor = 0, preview = 0] = layout;
  if (sidebar > 0) return [0, editor, preview + sidebar];
  const fromPreview = Math.min(reopenAt, Math.max(0, preview - PANELS.preview.min));
  const fromEditor = Math.min(reopenAt - fromPreview, Math.max(0, editor - PANELS.editor.min));
  const opened = fromPreview + fromEditor;
  return [opened, editor - fromEditor, preview - fromPreview];
}

export function useSidebarPanel(): SidebarPanel {
  const ref = useRef<ImperativePanelHandle>(null);
  const group = useRef<ImperativePanelGroupHandle>(null);
  const lastOpen = useRef<number>(PANELS.sidebar.default);
  const [collapsed, setCollapsed] = useState(false);
  const attach = useCallback((handle: ImperativePanelHandle | null) => {
    ref.current = handle;
  }, []);
  const attachGroup = useCallback((handle: ImperativePanelGroupHandle | null) => {
    group.current = handle;
  }, []);
  const toggle = useCallback(() => {
    const panel = ref.current;
    if (!panel) return;
    const layout = group.current?.getLayout();
    if (group.current && layout?.length === 3) {
      if (layout[0]! > 0) lastOpen.current = Math.max(PANELS.sidebar.min, layout[0]!);
      group.current.setLayout(toggledLayout(layout, lastOpen.current));
      return;
    }
    if (panel.isCollapsed()) panel.expand();
    else panel.collapse();
  }, []);
  return useMemo(
    () => ({ attach, attachGroup, collapsed, setCollapsed, toggle }),
    [attach, attachGroup, collapsed, toggle],
  );
}
