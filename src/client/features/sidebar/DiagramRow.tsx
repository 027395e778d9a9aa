import { FileText, GripVertical, Trash2 } from 'lucide-react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { DiagramSummary } from '@shared/schemas';
import { cn } from '@/lib/cn';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS } from './copy';
import { dropAttr } from './dropTargets';
import { ItemActions } from './ItemActions';
import type { DropTarget } from './tree';

interface DiagramRowProps {
  diagram: DiagramSummary;
  depth: 0 | 1;
  active: boolean;
  /** The row is part of the block a drop would land in. */
  dropActive: boolean;
  dragging: boolean;
  narrow: boolean;
  target: DropTarget;
  onOpen: () => void;
  onDelete: () => void;
  onPointerDown: (event: PointerEvent) => void;
  onHandleKeyDown: (event: KeyboardEvent) => void;
}

export function DiagramRow({
  diagram,
  depth,
  active,
  dropActive,
  dragging,
  narrow,
  target,
  onOpen,
  onDelete,
  onPointerDown,
  onHandleKeyDown,
}: DiagramRowProps) {
  return (
    <div
      className={cn(
        'group mx-2 flex h-full select-none items-center gap-0.5 rounded-md pr-1 transition-colors',
        active ? 'bg-accent text-primary' : 'hover:bg-muted',
        dropActive && !active && 'bg-primary/10',
        dragging && 'opacity-50',
      )}
      data-drop={dropAttr(target)}
      data-testid={SIDEBAR_TESTIDS.diagram}
      data-diagram-id={diagram.id}
      data-folder={diagram.folderId ?? 'root'}
      data-active={active || undefined}
      onPointerDown={onPointerDown}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        title={diagram.title}
        className={cn(
          'flex h-full min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring',
          depth === 1 ? 'pl-8' : 'pl-2',
          active && 'font-medium',
        )}
      >
        <FileText
          className={cn('h-4 w-4 shrink-0', active ? 'text-primary' : 'text-muted-foreground')}
          aria-hidden
        />
        <span className="truncate">{diagram.title}</span>
      </button>
      <button
        type="button"
        data-drag-handle
        aria-label={SIDEBAR_COPY.moveHandle(diagram.title)}
        aria-roledescription="draggable"
        aria-describedby="sidebar-drag-hint"
        title={SIDEBAR_COPY.moveHandle(diagram.title)}
        onKeyDown={onHandleKeyDown}
        data-testid={SIDEBAR_TESTIDS.moveHandle}
        className={cn(
          'flex h-6 w-5 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground outline-none hover:text-foreground focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring',
          !narrow && 'opacity-0 group-hover:opacity-100',
        )}
      >
        <GripVertical className="h-3.5 w-3.5" aria-hidden />
      </button>
      <ItemActions
        narrow={narrow}
        menuLabel={SIDEBAR_COPY.diagramActions(diagram.title)}
        itemName={diagram.title}
        actions={[
          {
            label: SIDEBAR_COPY.deleteDiagram,
            icon: Trash2,
            onSelect: onDelete,
            testId: SIDEBAR_TESTIDS.deleteDiagram,
            destructive: true,
          },
        ]}
      />
    </div>
  );
}
