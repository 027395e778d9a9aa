import { useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Panel, PanelGroup, PanelResizeHandle } from 'react-resizable-panels';
import { MOBILE_BREAKPOINT_PX, PANELS } from '@shared/constants';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { cn } from '@/lib/cn';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS } from '@/features/sidebar/copy';
import { SIDEBAR_PANEL_ID } from '@/features/sidebar/SidebarToggle';
import type { SidebarPanel } from '@/features/sidebar/useSidebarPanel';
import type { EditorSmarts } from './codemirror/smarts/bridge';
import { EDITOR_COPY } from './copy';
import { PhoneTabs, type PhoneTab } from './PhoneTabs';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { EDITOR_TESTIDS } from './testIds';

/** The signed-in sidebar: its content and the handle the header toggle drives. */
export interface SidebarSlot {
  content: ReactNode;
  panel: SidebarPanel;
}

interface EditorPanelsProps {
  signedIn: boolean;
  editor: ReactNode;
  preview: ReactNode;
  sidebar?: SidebarSlot;
  /** Tells when the text is asked for (a line gone to from a dialog): a phone shows its Code tab. */
  reveal?: Pick<EditorSmarts, 'onReveal'>;
}

type Direction = 'horizontal' | 'vertical';

function ResizeHandle({
  direction,
  label,
  testId,
}: {
  direction: Direction;
  label: string;
  testId: string;
}) {
  return (
    <PanelResizeHandle
      aria-label={label}
      data-testid={testId}
      className={cn(
        'group relative flex items-center justify-center bg-border outline-none transition-colors',
        'hover:bg-primary/60 focus-visible:bg-primary focus-visible:ring-2 focus-visible:ring-ring data-[resize-handle-state=drag]:bg-primary',
        direction === 'horizontal' ? 'w-px' : 'h-px',
      )}
    >
      <span
        className={cn(
          'z-10 rounded-full border border-muted-foreground/30 bg-card shadow-sm transition-colors group-hover:border-primary/60 group-focus-visible:border-primary',
          direction === 'horizontal' ? 'h-8 w-2' : 'h-2 w-8',
        )}
        aria-hidden
      />
    </PanelResizeHandle>
  );
}

/** The collapsible sidebar panel: its size state reaches the header toggle through `panel`. */
function SidebarPanelView({
  panel,
  defaultSize,
  children,
}: {
  panel: SidebarPanel;
  defaultSize: number;
  children: ReactNode;
}) {
  const { attach, setCollapsed } = panel;
  return (
    <Panel
      id={SIDEBAR_PANEL_ID}
      order={0}
      ref={attach}
      defaultSize={defaultSize}
      minSize={PANELS.sidebar.min}
      collapsible
      collapsedSize={0}
      onCollapse={() => setCollapsed(true)}
      onExpand={() => setCollapsed(false)}
      data-testid={SIDEBAR_TESTIDS.panel}
    >
      {children}
    </Panel>
  );
}

/**
 * Sidebar (signed in), editor and preview side by side, resizable (react-resizable-panels:
 * keyboard step 10%, 100% with Shift; layout saved to localStorage 100 ms after the last change).
 * The sidebar collapses by dragging it below its minimum or by the header toggle. Under 768px a
 * phone gets one panel at a time, chosen by tabs (List, Code, Diagram): three stacked slivers
 * are too small to type in or to read a drawing.
 */
export function EditorPanels({ signedIn, editor, preview, sidebar, reveal }: EditorPanelsProps) {
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const [tab, setTab] = useState<PhoneTab>('code');
  // At once (flushSync): the text is focused right after, and a hidden panel cannot be.
  useEffect(() => reveal?.onReveal(() => flushSync(() => setTab('code'))), [reveal]);
  if (narrow) {
    return (
      <PhoneTabs
        tab={tab}
        onTab={setTab}
        list={sidebar?.content}
        editor={editor}
        preview={preview}
      />
    );
  }
  const variant = signedIn ? 'signed-in' : 'signed-out';
  const direction: Direction = 'horizontal';
  // Spec §9: 20/40/40 with the sidebar; 50/50 without it (signed out).
  const sidebarSize = sidebar ? PANELS.sidebar.default : 0;
  const editorSize = sidebar ? PANELS.editor.default : PANELS.editor.defaultSignedOut;

  return (
    <PanelGroup
      direction={direction}
      autoSaveId={STORAGE_KEYS.panelsAutoSaveId(variant)}
      keyboardResizeBy={PANELS.keyboardStep}
      ref={sidebar?.panel.attachGroup}
      className="min-h-0 flex-1"
    >
      {sidebar && (
        <>
          <SidebarPanelView panel={sidebar.panel} defaultSize={sidebarSize}>
            {sidebar.content}
          </SidebarPanelView>
          <ResizeHandle
            direction={direction}
            label={SIDEBAR_COPY.resizeSidebar}
            testId={SIDEBAR_TESTIDS.resizeHandle}
          />
        </>
      )}
      <Panel
        id="editor"
        order={1}
        defaultSize={editorSize}
        minSize={PANELS.editor.min}
        data-testid={EDITOR_TESTIDS.editorPanel}
        className="bg-background"
      >
        {editor}
      </Panel>
      <ResizeHandle
        direction={direction}
        label={EDITOR_COPY.resizeLabel}
        testId={EDITOR_TESTIDS.resizeHandle}
      />
      <Panel
        id="preview"
        order={2}
        defaultSize={100 - sidebarSize - editorSize}
        minSize={PANELS.preview.min}
        data-testid={EDITOR_TESTIDS.previewPanel}
      >
        {preview}
      </Panel>
    </PanelGroup>
  );
}
