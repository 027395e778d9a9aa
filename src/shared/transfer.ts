/** Export all and Import: the manifest of an export zip, the import answer and the limits. */
import { z } from './zod.js';
import { dateTime, diagramSummarySchema, folderSchema, requiredText } from './schemas.js';

export const EXPORT_FORMAT = 'lifeline-export';
export const EXPORT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

/** File kinds Import takes: one diagram per file, one per ```mermaid block, or a zip of those. */
export const DIAGRAM_EXTENSIONS = ['.mmd', '.mermaid'] as const;
export const MARKDOWN_EXTENSIONS = ['.md', '.markdown'] as const;
export const ARCHIVE_EXTENSIONS = ['.zip'] as const;
export const IMPORT_ACCEPT = [
  ...DIAGRAM_EXTENSIONS,
  ...MARKDOWN_EXTENSIONS,
  ...ARCHIVE_EXTENSIONS,
].join(',');

export const IMPORT_LIMITS = {
  /** Uncompressed bytes of everything in one import (zip entries and plain files together). */
  totalBytes: 50 * 1024 * 1024,
  /** Entries of one zip. */
  zipEntries: 5_000,
  /** Files in one request. */
  files: 100,
  /** Diagrams and folders one import may hold, all files together (one transaction stays short). */
  items: 5_000,
} as const;

/** A PostgreSQL integer. */
const position = z.number().int().min(-2_147_483_648).max(2_147_483_647);

export const manifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: dateTime('exportedAt'),
  folders: z.array(z.object({ name: requiredText('name'), position })),
  diagrams: z.array(
    z.object({
      path: requiredText('path'),
      title: requiredText('title'),
      folder: requiredText('folder').nullable(),
      position,
      createdAt: dateTime('createdAt'),
      updatedAt: dateTime('updatedAt'),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** 201 answer of POST /api/import: what was created. */
export const importResultSchema = z.object({
  diagrams: z.array(diagramSummarySchema),
  folders: z.array(folderSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
