/** Export all and Import: the manifest of an export zip, the import answer and the limits. */
import { z } from './zod.js';
import {
  COMMENTS_PER_DIAGRAM_MAX,
  commentBody,
  dateTime,
  diagramSummarySchema,
  folderSchema,
  requiredText,
} from './schemas.js';

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

/** The longest author name an imported comment keeps. */
export const COMMENT_AUTHOR_MAX = 200;

/**
 * A comment as Export all writes it (the API's comment); Import reads its body, author's name and
 * date, and a thread's line and resolved state. Other fields (ids, a reply's line) are ignored.
 */
const exportedComment = z.object({
  body: commentBody,
  author: z.object({
    name: requiredText('name')
      .trim()
      .min(1, 'name must not be empty')
      .max(COMMENT_AUTHOR_MAX, `name must be at most ${COMMENT_AUTHOR_MAX} characters`),
  }),
  createdAt: dateTime('createdAt'),
});
const manyComments = `comments must hold at most ${COMMENTS_PER_DIAGRAM_MAX} comments with their replies`;
const exportedThread = exportedComment.extend({
  line: z
    .number({ error: 'line must be a line number or null' })
    .int('line must be a whole number')
    .positive('line must be a positive whole number')
    .max(2_147_483_647, 'line is too large')
    .nullable(),
  resolved: z.boolean({ error: 'resolved must be true or false' }),
  replies: z.array(exportedComment).max(COMMENTS_PER_DIAGRAM_MAX, manyComments),
});

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
      /** The diagram's comment threads at export (absent: none), replies inside each. */
      comments: z
        .array(exportedThread)
        .max(COMMENTS_PER_DIAGRAM_MAX, manyComments)
        .refine(
          (threads) =>
            threads.reduce((sum, thread) => sum + 1 + thread.replies.length, 0) <=
            COMMENTS_PER_DIAGRAM_MAX,
          manyComments,
        )
        .optional(),
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
