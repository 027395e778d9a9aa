/** The folders and diagrams as one virtualised list, with moving by drag or keyboard. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { FileText } from 'lucide-react';
import type { DiagramSummary, Folder } from '@shared/schemas';
import { cn } from '@/lib/cn';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS, SIDEBAR_TEXT } from './copy';
import { DiagramRow } from './DiagramRow';
import { dropAttr } from './dropTargets';
import { FolderRow } from './FolderRow';
import { buildRows, byPosition, dropTargetOf, type DropTarget, type Row } from './tree';
import { useDiagramDrag } from './useDiagramDrag';
import { VirtualList, type VirtualListHandle } from './VirtualList';

export interface SidebarTreeProps {
  folders: readonly Folder[];
  diagrams: readonly DiagramSummary[];
  expanded: ReadonlySet<number>;
  setExpanded: (id: number, open: boolean) => void;
  openId: number;
  narrow: boolean;
  onOpen: (id: number) => void;
  onMove: (diagram: DiagramSummary, target: DropTarget) => void;
  onNewFolder: () => void;
  onRenameFolder: (folder: Folder) => void;
  onDeleteFolder: (folder: Folder) => void;
  onDeleteDiagram: (diagram: DiagramSummary) => void;
}

export function SidebarTree(props: SidebarTreeProps) {
  const { folders, diagrams, expanded, setExpanded, openId, narrow } = props;
  const rows = useMemo(() => buildRows(folders, diagrams, expanded), [folders, diagrams, expanded]);
  const list = useRef<VirtualListHandle>(null);
  const [message, setMessage] = useState('');

  const targets = useMemo<DropTarget[]>(
    () => [null, ...[...folders].sort(byPosition).map((folder) => folder.id)],
    [folders],
  );
  const labelOf = useCallback(
    (target: DropTarget) =>
      target === null
        ? SIDEBAR_COPY.root
        : (folders.find((folder) => folder.id === target)?.name ?? SIDEBAR_COPY.root),
    [folders],
  );
  // The open diagram is shown where it is: once each time a diagram is opened (a reload, a link,
  // History), its folder opens and its row scrolls into view; never again while one browses.
  const revealed = useRef(0);
  useEffect(() => {
    if (openId === 0 || revealed.current === openId) return;
    const diagram = diagrams.find((candidate) => candidate.id === openId);
    if (!diagram) return; // not in the list (yet): someone else's, or a list still loading
    const folderId = diagram.folderId;
    if (folderId !== null && !expanded.has(folderId) && folders.some((f) => f.id === folderId)) {
      setExpanded(folderId, true);
      return; // the rows are built again with the folder open
    }
    const index = rows.findIndex((row) => row.kind === 'diagram' && row.diagram.id === openId);
    if (index < 0) return;
    revealed.current = openId;
    list.current?.scrollToIndex(index);
  }, [openId, diagrams, folders, expanded, setExpanded, rows]);

  const reveal = useCallback(
    (target: DropTarget) => {
      const index =
        target === null
          ? rows.findIndex(
              (row) => row.kind === 'root' || (row.kind === 'diagram' && row.depth === 0),
            )
          : rows.findIndex((row) => row.kind === 'folder' && row.folder.id === target);
      if (index >= 0) list.current?.scrollToIndex(index);
    },
    [rows],
  );
  const { drag, onPointerDown, onHandleKeyDown } = useDiagramDrag({
    targets,
    labelOf,
    onDrop: props.onMove,
    reveal,
    scroller: () => list.current?.element() ?? null,
    announce: setMessage,
  });
  const over = drag?.target;

  const renderRow = (row: Row) => {
    const dropActive = drag !== null && over !== undefined && dropTargetOf(row) === over;
    switch (row.kind) {
      case 'folder':
        return (
          <FolderRow
            folder={row.folder}
            count={row.count}
            expanded={row.expanded}
            dropActive={dropActive}
            narrow={narrow}
            onToggle={() => setExpanded(row.folder.id, !row.expanded)}
            onNewFolder={props.onNewFolder}
            onRename={() => props.onRenameFolder(row.folder)}
            onDelete={() => props.onDeleteFolder(row.folder)}
          />
        );
      case 'diagram':
        return (
          <DiagramRow
            diagram={row.diagram}
            depth={row.depth}
            active={row.diagram.id === openId}
            dropActive={dropActive}
            dragging={drag?.diagram.id === row.diagram.id}
            narrow={narrow}
            target={dropTargetOf(row)}
            onOpen={() => props.onOpen(row.diagram.id)}
            onDelete={() => props.onDeleteDiagram(row.diagram)}
            onPointerDown={(event) => onPointerDown(event, row.diagram)}
            onHandleKeyDown={(event) => onHandleKeyDown(event, row.diagram)}
          />
        );
      case 'empty':
        return (
          <div
            className={cn(
              'mx-2 flex h-full items-center rounded-md pl-8 text-xs italic text-muted-foreground',
              dropActive && 'bg-primary/10',
            )}
            data-drop={dropAttr(row.folderId)}
            data-testid={SIDEBAR_TESTIDS.emptyFolder}
          >
            {SIDEBAR_TEXT.emptyFolder}
          </div>
        );
      case 'root':
        return (
          <div
            className={cn(
              'mx-2 flex h-full items-center justify-center rounded-md border border-dashed text-xs text-muted-foreground transition-colors',
              drag ? 'border-muted-foreground/40' : 'border-transparent',
              dropActive && 'border-primary bg-primary/10 text-primary',
            )}
            data-drop="root"
            data-testid={SIDEBAR_TESTIDS.rootZone}
            data-drop-active={dropActive || undefined}
          >
            {drag && SIDEBAR_COPY.dropToRoot}
          </div>
        );
    }
  };

  return (
    <>
      <VirtualList
        handle={list}
        items={rows}
        itemKey={(row) => row.key}
        renderItem={renderRow}
        className="flex-1 py-1"
        data-drop="root"
        data-testid={SIDEBAR_TESTIDS.list}
        data-dragging={drag ? drag.mode : undefined}
        aria-label={SIDEBAR_COPY.listLabel}
        role="region"
      />
      <p id="sidebar-drag-hint" className="sr-only">
        {SIDEBAR_COPY.keyboardHint}
      </p>
      <p className="sr-only" aria-live="assertive" data-testid={SIDEBAR_TESTIDS.live}>
        {message}
      </p>
      {drag?.mode === 'pointer' &&
        createPortal(
          <div
            className="pointer-events-none fixed z-50 flex max-w-64 items-center gap-2 rounded-md border border-border bg-card px-2.5 py-1.5 text-sm shadow-lg"
            style={{ left: drag.x + 12, top: drag.y + 8 }}
            data-testid={SIDEBAR_TESTIDS.dragOverlay}
            aria-hidden
          >
            <FileText className="h-4 w-4 shrink-0 text-primary" />
            <span className="truncate">{drag.diagram.title}</span>
          </div>,
          document.body,
        )}
    </>
  );
}
