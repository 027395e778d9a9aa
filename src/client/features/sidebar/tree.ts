/**
 * The sidebar's rows as one flat list: folders by position, each open folder followed by its
 * diagrams (or the empty notice), then the diagrams at the root. Flat, so the list can render
 * only the rows in view.
 */
import type { DiagramSummary, Folder } from '@shared/schemas';

/** Where a diagram can be dropped: a folder id, or null for the root. */
export type DropTarget = number | null;

export type Row =
  | { kind: 'folder'; key: string; folder: Folder; count: number; expanded: boolean }
  | { kind: 'diagram'; key: string; diagram: DiagramSummary; depth: 0 | 1 }
  | { kind: 'empty'; key: string; folderId: number }
  | { kind: 'root'; key: string };

function time(value: string | null | undefined): number {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
}

/** Spec §2: newest updatedAt first, missing updatedAt last; ties newest id first. */
export function byUpdatedAtDesc(a: DiagramSummary, b: DiagramSummary): number {
  const ta = time(a.updatedAt);
  const tb = time(b.updatedAt);
  if (ta !== tb) return tb > ta ? 1 : -1; // a missing time is -Infinity: last
  return b.id - a.id;
}

export function byPosition(a: Folder, b: Folder): number {
  return a.position - b.position || a.id - b.id;
}

export function buildRows(
  folders: readonly Folder[],
  diagrams: readonly DiagramSummary[],
  expanded: ReadonlySet<number>,
): Row[] {
  const byFolder = new Map<number | null, DiagramSummary[]>();
  const known = new Set(folders.map((folder) => folder.id));
  for (const diagram of diagrams) {
    // A diagram whose folder is not (yet) in the list shows at the root rather than vanishing.
    const key = diagram.folderId !== null && known.has(diagram.folderId) ? diagram.folderId : null;
    const list = byFolder.get(key);
    if (list) list.push(diagram);
    else byFolder.set(key, [diagram]);
  }
  const rows: Row[] = [];
  for (const folder of [...folders].sort(byPosition)) {
    const inside = (byFolder.get(folder.id) ?? []).sort(byUpdatedAtDesc);
    const open = expanded.has(folder.id);
    rows.push({
      kind: 'folder',
      key: `f${folder.id}`,
      folder,
      count: inside.length,
      expanded: open,
    });
    if (!open) continue;
    if (inside.length === 0)
      rows.push({ kind: 'empty', key: `e${folder.id}`, folderId: folder.id });
    for (const diagram of inside)
      rows.push({ kind: 'diagram', key: `d${diagram.id}`, diagram, depth: 1 });
  }
  for (const diagram of (byFolder.get(null) ?? []).sort(byUpdatedAtDesc)) {
    rows.push({ kind: 'diagram', key: `d${diagram.id}`, diagram, depth: 0 });
  }
  rows.push({ kind: 'root', key: 'root' });
  return rows;
}

/** The folder a row belongs to when something is dropped on it. */
export function dropTargetOf(row: Row): DropTarget {
  switch (row.kind) {
    case 'folder':
      return row.folder.id;
    case 'empty':
      return row.folderId;
    case 'diagram':
      return row.depth === 1 ? row.diagram.folderId : null;
    case 'root':
      return null;
  }
}
