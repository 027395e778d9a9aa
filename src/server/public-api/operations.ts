/**
 * What /api/v1 does for a token's user, once: its routes call these, and so does the MCP server
 * on this instance (mcp/in-process.ts). Reads go through the stores, writes through the diagram
 * writer (a change of title or text is a live edit), images through the renderer.
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
  Diagram,
  DiagramSummary,
  Folder,
  UpdateCommentBody,
  User,
} from '../../shared/schemas.js';
import type { VersionSummary } from '../../shared/versions.js';
import {
  contentTypeOf,
  isOneOf,
  TEXT_FORMATS,
  type TextFormat,
} from '../../shared/output-formats.js';
import type { CommentOperations } from '../comments/operations.js';
import type { Db } from '../db/client.js';
import { DIAGRAM_NOT_FOUND, trashOrRefuse, updatedDiagram } from '../diagrams/replies.js';
import { diagramsStore } from '../diagrams/store.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { notFound } from '../errors.js';
import { VERSION_NOT_FOUND, versionDiffs } from '../versions/diff.js';
import { versionsStore } from '../versions/store.js';
import { FOLDER_NOT_FOUND } from '../folders/replies.js';
import { foldersStore } from '../folders/store.js';
import type {
  RenderCaller,
  RenderRequest,
  RenderResult,
  Renderer,
} from '../chromium-render/renderer.js';
import { textBody, textEtag } from '../text-render/send-text.js';

export interface ApiOperationsDeps {
  db: Db;
  /** The app's writer, connected to the live documents. */
  writer: DiagramWriter;
  renderer: Renderer;
  siteOrigin: string;
  /** A diagram was just made public (its share page's images can be drawn ahead of visitors). */
  published?: (diagram: Diagram) => void;
  /** Comments: the same rules as the app's calls (comments/operations.ts). */
  comments: CommentOperations;
}

/** Pages are shared fairly per user, and the user's renders are cached for them alone. */
export const renderCallerOf = (user: User): RenderCaller => ({
  key: `user:${user.id}`,
  scope: `user:${user.id}`,
});

/** A convert body as it is drawn: as text (`txt`, `ascii`, `description`; no browser), or by the renderer. */
export type ConvertRequest =
  { kind: 'text'; content: string; format: TextFormat } | { kind: 'image'; image: RenderRequest };

export function convertRequestOf(body: ConvertBody): ConvertRequest {
  const { paper, landscape, format, steps, paceMs, ...image } = body;
  if (isOneOf(TEXT_FORMATS, format)) return { kind: 'text', content: body.content, format };
  const pdf = paper === 'fit' ? { paper } : { paper, landscape };
  return { kind: 'image', image: { ...image, format, pdf, steps: steps ? { paceMs } : null } };
}

export function apiOperations(deps: ApiOperationsDeps) {
  const diagrams = diagramsStore(deps.db);
  const folders = foldersStore(deps.db);
  const versions = versionsStore(deps.db);
  const diffs = versionDiffs(deps.db, deps.renderer);
  const editorUrl = (id: number) => `${deps.siteOrigin}/?diagramId=${id}`;

  return {
    editorUrl,

    /** The user's own diagrams without their text, newest first; with a query, those that hold it. */
    listDiagrams(user: User, query?: string): Promise<DiagramSummary[]> {
      return query ? diagrams.search(user, query) : diagrams.listSummaries(user);
    },

    listFolders(user: User): Promise<Folder[]> {
      return folders.list(user.id);
    },

    /** A diagram the user owns or collaborates on, holding every acknowledged live edit. */
    async readDiagram(user: User, id: number): Promise<ApiOpenedDiagram> {
      await deps.writer.settle(id);
      const diagram = await diagrams.open(user, id);
      if (!diagram) throw notFound(DIAGRAM_NOT_FOUND);
      return { ...diagram, url: editorUrl(id) };
    },

    async createDiagram(user: User, body: ApiCreateDiagramBody): Promise<ApiDiagram> {
      if (body.folderId != null && !(await folders.owns(user.id, body.folderId))) {
        throw notFound(FOLDER_NOT_FOUND);
      }
      const diagram = await deps.writer.create(user, body);
      return { ...diagram, url: editorUrl(diagram.id) };
    },

    /** The same write as the app's PUT: one live edit, the user as its author. */
    async updateDiagram(user: User, id: number, body: ApiUpdateDiagramBody): Promise<ApiDiagram> {
      const { updatedAt, ...patch } = body;
      const expected = updatedAt ? new Date(updatedAt) : null;
      const diagram = updatedDiagram(await deps.writer.edit(user, id, patch, expected));
      return { ...diagram, url: editorUrl(id) };
    },

    /** The diagram's versions, newest first, without their text (any role may see them). */
    async listVersions(user: User, id: number): Promise<VersionSummary[]> {
      const list = await versions.list(user, id);
      if (!list) throw notFound(DIAGRAM_NOT_FOUND);
      return list;
    },

    /** History's restore: the version's title and text become current, as one live edit. */
    async restoreVersion(user: User, id: number, versionId: number): Promise<ApiDiagram> {
      const result = await deps.writer.restore(user, id, versionId);
      if (result.status === 'no-version') throw notFound(VERSION_NOT_FOUND);
      return { ...updatedDiagram(result), url: editorUrl(id) };
    },

    /** What changed between two versions, as GET /api/v1/diagrams/{id}/diff answers in JSON. */
    async diffVersions(
      user: User,
      id: number,
      pair: { from: number; to: number },
    ): Promise<VersionDiffReply> {
      const query = { ...pair, format: 'json', theme: 'light' } as const;
      return diffs.reply(id, await diffs.pair(user, id, query));
    },

    /** Moves the diagram to the trash (the owner only): it can be restored from Recently deleted. */
    trashDiagram(user: User, id: number): Promise<void> {
      return trashOrRefuse(deps.writer, diagrams, user, id);
    },

    /** Turns the public link on or off (the owner only), as the app's Share dialog does. */
    async setSharing(user: User, id: number, isPublic: boolean): Promise<ApiSharing> {
      const diagram = updatedDiagram(await deps.writer.edit(user, id, { isPublic }, null));
      if (isPublic) deps.published?.(diagram);
      const shareUrl =
        diagram.isPublic && diagram.shareToken
          ? `${deps.siteOrigin}/d/${diagram.shareToken}`
          : null;
      return { id, isPublic: diagram.isPublic, shareUrl };
    },

    /** The diagram's comment threads, each with its replies (any role). */
    listComments(user: User, id: number): Promise<CommentThread[]> {
      return deps.comments.list(user, id);
    },

    /** A new comment on the statement at `line`, or a reply to `parentId` (any role). */
    addComment(user: User, id: number, body: AddCommentBody): Promise<Comment> {
      return deps.comments.add(user, id, body);
    },

    /** Edits one's own comment (`body`), or resolves or reopens a thread (`resolved`). */
    updateComment(
      user: User,
      id: number,
      commentId: number,
      body: UpdateCommentBody,
    ): Promise<Comment> {
      return deps.comments.update(user, id, commentId, body);
    },

    /** Deletes one's own comment (a thread's first comment takes its replies along). */
    deleteComment(user: User, id: number, commentId: number): Promise<void> {
      return deps.comments.remove(user, id, commentId);
    },

    async render(user: User, body: ConvertBody): Promise<RenderResult> {
      const request = convertRequestOf(body);
      if (request.kind === 'image')
        return deps.renderer.render(request.image, renderCallerOf(user));
      const { content, format } = request;
      return {
        body: await textBody(content, format),
        contentType: contentTypeOf(format),
        etag: textEtag(content, format),
        fallback: false,
      };
    },
  };
}

export type ApiOperations = ReturnType<typeof apiOperations>;
