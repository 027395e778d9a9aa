/**
 * Export all: every diagram as a `.mmd` file (its stored text, UTF-8, byte for byte), root
 * diagrams at the top and the others under `<folder name>/`, with `manifest.json` recording
 * titles, folders, positions and dates so Import can restore them exactly, and each diagram's
 * comment threads (Import brings them back: import-plan.ts, importer.ts).
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { CommentThread, Diagram, Folder } from '../../shared/schemas.js';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MANIFEST_NAME,
  type Manifest,
} from '../../shared/transfer.js';
import { safeName, uniqueNames } from './file-names.js';

export interface ExportArchive {
  bytes: Uint8Array;
  manifest: Manifest;
}

/** Zip timestamps are DOS dates: 1980 to 2107. */
const zipTime = (iso: string) => {
  const date = new Date(iso);
  const year = date.getUTCFullYear();
  return year >= 1980 && year < 2100 ? date : new Date('1980-01-01T00:00:00Z');
};

export function buildExportArchive(
  folders: Folder[],
  diagrams: Diagram[],
  exportedAt: Date,
  /** Each diagram's comment threads (a diagram without any is not in the map). */
  comments: ReadonlyMap<number, CommentThread[]> = new Map(),
): ExportArchive {
  const topLevel = uniqueNames();
  // The manifest's name is taken first, so no folder can be called "manifest.json".
  topLevel(MANIFEST_NAME);
  const dirOf = new Map<number, { name: string; files: (base: string, ext: string) => string }>();
  for (const folder of folders) {
    dirOf.set(folder.id, { name: topLevel(safeName(folder.name)), files: uniqueNames() });
  }
  const folderName = new Map(folders.map((folder) => [folder.id, folder.name]));

  const entries: Zippable = {};
  // Every folder is a directory entry, so empty ones survive unzipping too.
  for (const dir of dirOf.values()) entries[dir.name] = {};
  const manifest: Manifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    folders: folders.map((folder) => ({ name: folder.name, position: folder.position })),
    diagrams: [],
  };
  for (const diagram of diagrams) {
    const dir = diagram.folderId === null ? undefined : dirOf.get(diagram.folderId);
    const file = (dir ? dir.files : topLevel)(safeName(diagram.title), '.mmd');
    const path = dir ? `${dir.name}/${file}` : file;
    const entry: Zippable[string] = [
      strToU8(diagram.content),
      { mtime: zipTime(diagram.updatedAt) },
    ];
    (dir ? (entries[dir.name] as Zippable) : entries)[file] = entry;
    manifest.diagrams.push({
      path,
      title: diagram.title,
      folder: dir ? (folderName.get(diagram.folderId ?? 0) ?? null) : null,
      position: diagram.position,
      createdAt: diagram.createdAt,
      updatedAt: diagram.updatedAt,
      ...(comments.has(diagram.id) ? { comments: comments.get(diagram.id) } : {}),
    });
  }
  entries[MANIFEST_NAME] = [
    strToU8(`${JSON.stringify(manifest, null, 2)}\n`),
    { mtime: zipTime(manifest.exportedAt) },
  ];
  return { bytes: zipSync(entries, { level: 6 }), manifest };
}

/** `lifeline-diagrams-YYYY-MM-DD.zip` (UTC date). */
export function exportFileName(at: Date): string {
  return `lifeline-diagrams-${at.toISOString().slice(0, 10)}.zip`;
}
