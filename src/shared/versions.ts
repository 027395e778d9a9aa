/** Version history and the trash: constants and the zod schemas of their calls. */
import { z } from './zod.js';
import { idParams } from './schemas.js';

/** Thinnable versions kept per diagram at most; the oldest go first (see thinning.ts). */
export const VERSIONS_MAX = 100;
/**
 * Versions thinning never drops (the first, restores, the last of each author's run) are capped
 * per author, so no one can grow a history without bound, nor push out anyone else's.
 */
export const VERSIONS_PROTECTED_PER_AUTHOR = 100;
/**
 * Manual saves and restores by one person on one diagram keep at most this many versions (of
 * each kind) in any MANUAL_VERSION_WINDOW_MS; past that, a save updates their newest version.
 */
export const MANUAL_VERSIONS_PER_WINDOW = 10;
export const MANUAL_VERSION_WINDOW_MS = 10 * 60 * 1000;
/** Everything younger than this is kept; older versions thin to one per calendar day (UTC). */
export const VERSIONS_KEEP_ALL_MS = 24 * 60 * 60 * 1000;
/** An auto-save records a version only when the newest one is at least this old. */
export const AUTO_VERSION_INTERVAL_MS = 5 * 60 * 1000;
/** Days a deleted diagram waits in 'Recently deleted' before it is gone for good. */
export const TRASH_DAYS = 30;

export const VERSION_KINDS = ['created', 'manual', 'auto', 'restore'] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];
/**
 * How a change of title or content came about, which decides the version it keeps: a save the
 * person asked for ('manual'), an automatic one ('auto') or a restored version ('restore').
 */
export type SaveKind = Extract<VersionKind, 'manual' | 'auto' | 'restore'>;
/** The kinds a client's save names (the PUT body's `saveKind`, the editor's saver). */
export type ClientSaveKind = Exclude<SaveKind, 'restore'>;

/** One entry of GET /api/diagrams/{id}/versions, newest first. */
export const versionSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(VERSION_KINDS),
  createdAt: z.string(),
  savedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Everyone whose edits this version holds since the previous one (accounts still present). */
  authors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;

/** GET /api/diagrams/{id}/versions/{versionId}. */
export const versionSchema = versionSummarySchema.extend({ content: z.string() });
export type Version = z.infer<typeof versionSchema>;

/** A version's id in a path or query, its errors naming the field. */
export const versionIdField = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive whole number`)
    .max(2_147_483_647, `${field} is too large`);

export const versionParams = idParams.extend({ versionId: versionIdField('versionId') });

/** One entry of GET /api/trash, newest deletion first. */
export const trashedDiagramSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  folderId: z.number().int().nullable(),
  deletedAt: z.string(),
  /** When it will be deleted for good. */
  purgeAt: z.string(),
});
export type TrashedDiagram = z.infer<typeof trashedDiagramSchema>;
