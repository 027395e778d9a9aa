import {
  ChevronRight,
  Folder as FolderIcon,
  FolderOpen,
  FolderPlus,
  Pencil,
  Trash2,
} from 'lucide-react';
import type { Folder } from '@shared/schemas';
import { cn } from '@/lib/cn';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS } from './copy';
import { dropAttr } from './dropTargets';
import { ItemActions } from './ItemActions';

interface FolderRowProps {
  folder: Folder;
  count: number;
  expanded: boolean;
  dropActive: boolean;
  narrow: boolean;
  onToggle: () => void;
  onNewFolder: () => void;
  onRename: () => void;
  onDelete: () => void;
}

export function FolderRow({
  folder,
  count,
  expanded,
  dropActive,
  narrow,
  onToggle,
  onNewFolder,
  onRename,
  onDelete,
}: FolderRowProps) {
  const Icon = expanded ? FolderOpen : FolderIcon;
  return (
    <div
      className={cn(
        'group mx-2 flex h-full items-center gap-1 rounded-md pr-1 transition-colors hover:bg-muted',
        dropActive && 'bg-primary/15 ring-2 ring-primary ring-inset hover:bg-primary/15',
      )}
      data-drop={dropAttr(folder.id)}
      data-testid={SIDEBAR_TESTIDS.folder}
      data-folder-id={folder.id}
      data-drop-active={dropActive || undefined}
    >
      <button
        type="button"
        aria-expanded={expanded}
        onClick={onToggle}
        className="flex h-full min-w-0 flex-1 cursor-pointer items-center gap-1.5 rounded-md pl-1.5 text-left text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronRight
          className={cn(
            'h-3.5 w-3.5 shrink-0 text-muted-foreground transition-transform',
            expanded && 'rotate-90',
          )}
          aria-hidden
        />
        <Icon className="h-4 w-4 shrink-0 text-primary" aria-hidden />
        <span className="truncate">{folder.name}</span>
        <span className="ml-auto shrink-0 rounded-full px-1.5 text-[11px] tabular-nums text-muted-foreground">
          {count}
        </span>
      </button>
      <ItemActions
        narrow={narrow}
        menuLabel={SIDEBAR_COPY.folderActions(folder.name)}
        itemName={folder.name}
        actions={[
          ...(narrow
            ? [
                {
                  label: SIDEBAR_COPY.newFolder,
                  icon: FolderPlus,
                  onSelect: onNewFolder,
                  testId: SIDEBAR_TESTIDS.newFolder,
                },
              ]
            : []),
          {
            label: SIDEBAR_COPY.renameFolder,
            icon: Pencil,
            onSelect: onRename,
            testId: SIDEBAR_TESTIDS.renameFolder,
          },
          {
            label: SIDEBAR_COPY.deleteFolder,
            icon: Trash2,
            onSelect: onDelete,
            testId: SIDEBAR_TESTIDS.deleteFolder,
            destructive: true,
          },
        ]}
      />
    </div>
  );
}
