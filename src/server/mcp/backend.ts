/**
 * What the MCP tools need from Lifeline, for one API token's user. Two back ends implement it:
 * in-process.ts (the /mcp endpoint: the stores, the writer and the renderer of this instance)
 * and over-http.ts (the lifeline-mcp command: /api/v1 of any Lifeline server). Each method
 * answers what the matching /api/v1 call answers, or throws an error carrying its message.
 */
import type { VersionDiffReply } from '../../shared/diagram-diff/schema.js';
import type {
  AddCommentBody,
  ApiCreateDiagramBody,
  Comment,
  CommentThread,
  ApiDiagram,
  ApiOpenedDiagram,
  ApiSharing,
  ApiUpdateDiagramBody,
  ConvertBody,
  DiagramSummary,
  Folder,
  UpdateCommentBody,
} from '../../shared/schemas.js';
import type { TraceCheck } from '../../shared/trace/check.js';
import type { VersionSummary } from '../../shared/versions.js';

export interface RenderedImage {
  body: Uint8Array;
  /** The answer's media type (image/png, image/svg+xml, application/pdf, …). */
  contentType: string;
  /** Drawn only with its `%%` comment lines removed, as the preview draws it. */
  fallback: boolean;
}

export interface LifelineBackend {
  /** GET /api/v1/diagrams[?q=] */
  listDiagrams(query?: string): Promise<DiagramSummary[]>;
  /** GET /api/v1/folders */
  listFolders(): Promise<Folder[]>;
  /** GET /api/v1/diagrams/{id} */
  readDiagram(id: number): Promise<ApiOpenedDiagram>;
  /** POST /api/v1/diagrams */
  createDiagram(body: ApiCreateDiagramBody): Promise<ApiDiagram>;
  /** PUT /api/v1/diagrams/{id} */
  updateDiagram(id: number, body: ApiUpdateDiagramBody): Promise<ApiDiagram>;
  /** GET /api/v1/diagrams/{id}/versions */
  listVersions(id: number): Promise<VersionSummary[]>;
  /** POST /api/v1/diagrams/{id}/versions/{versionId}/restore */
  restoreVersion(id: number, versionId: number): Promise<ApiDiagram>;
  /** GET /api/v1/diagrams/{id}/diff?from=&to= (JSON) */
  diffVersions(id: number, pair: { from: number; to: number }): Promise<VersionDiffReply>;
  /** DELETE /api/v1/diagrams/{id} (to the trash) */
  trashDiagram(id: number): Promise<void>;
  /** PUT /api/v1/diagrams/{id}/sharing */
  setSharing(id: number, isPublic: boolean): Promise<ApiSharing>;
  /** GET /api/v1/diagrams/{id}/comments */
  listComments(id: number): Promise<CommentThread[]>;
  /** POST /api/v1/diagrams/{id}/comments */
  addComment(id: number, body: AddCommentBody): Promise<Comment>;
  /** PATCH /api/v1/diagrams/{id}/comments/{commentId} */
  updateComment(id: number, commentId: number, body: UpdateCommentBody): Promise<Comment>;
  /** POST /api/v1/convert */
  render(body: ConvertBody): Promise<RenderedImage>;
  /**
   * POST /api/v1/diagrams/{id}/check-trace with the trace file as the body; for diagram text
   * (no id), the same check of that text.
   */
  checkTrace(diagram: { id: number } | { content: string }, trace: Uint8Array): Promise<TraceCheck>;
}

/** A refused call: the API's status and message. */
export class ApiCallError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/** The HTTP status an error of either back end stands for (the server's AppError has one too). */
export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return null;
  return typeof error.statusCode === 'number' ? error.statusCode : null;
}
