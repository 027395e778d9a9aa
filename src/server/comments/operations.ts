/**
 * What a person may do with a diagram's comments, once for the app's routes, /api/v1 and the MCP
 * tools: read and add (any role), edit and delete one's own (the author), resolve and reopen
 * (owner and editors; shared/policy/can.ts). A stranger's diagram is answered as missing (404).
 * Every change is announced to the diagram's open editors (`changed`).
 */
import { isStatementLine, lineText } from '../../shared/comments/statement.js';
import { mentionedPeople } from '../../shared/comments/mentions.js';
import { can } from '../../shared/policy/can.js';
import {
  COMMENTS_PER_DIAGRAM_MAX,
  type AddCommentBody,
  type Comment,
  type CommentThread,
  type Mention,
  type OpenedDiagram,
  type UpdateCommentBody,
} from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import type { Actor } from '../diagrams/access.js';
import { DIAGRAM_NOT_FOUND } from '../diagrams/replies.js';
import { diagramsStore } from '../diagrams/store.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { AppError, badRequest, notFound } from '../errors.js';
import { commentsStore } from './store.js';

export const COMMENT_NOT_FOUND = 'Comment not found';
export const AUTHOR_ONLY = 'Only its author can edit or delete a comment.';
export const RESOLVE_REFUSED = 'Only the owner and editors can resolve or reopen comments.';
export const NOT_A_STATEMENT =
  'line must be the line of a statement (a message, participant, note or block line) in the diagram’s text.';
export const REPLY_TO_THREAD = 'Resolve or reopen the thread’s first comment, not a reply.';
export const TOO_MANY_COMMENTS = `This diagram has ${COMMENTS_PER_DIAGRAM_MAX} comments, the most it may have. Delete resolved ones to add more.`;

export interface CommentOperationsDeps {
  db: Db;
  /** The app's writer: a comment's line is checked against the text with every live edit in. */
  writer: Pick<DiagramWriter, 'settle'>;
  /** A comment of the diagram was added, changed or deleted (live/ tells its open editors). */
  changed?: (diagramId: number) => void;
}

export function commentOperations(deps: CommentOperationsDeps) {
  const store = commentsStore(deps.db);
  const diagrams = diagramsStore(deps.db);
  const changed = (diagramId: number) => deps.changed?.(diagramId);

  /** The diagram as the actor may comment on it; 404 for anyone else. */
  async function opened(actor: Actor, diagramId: number): Promise<OpenedDiagram> {
    const diagram = await diagrams.open(actor, diagramId);
    if (!diagram || !can(diagram.access, 'comment')) throw notFound(DIAGRAM_NOT_FOUND);
    return diagram;
  }

  async function mentionsIn(diagramId: number, body: string): Promise<number[]> {
    if (!body.includes('@')) return [];
    return mentionedPeople(body, await store.people(diagramId)).map((person) => person.id);
  }

  async function answer(diagramId: number, commentId: number): Promise<Comment> {
    const comment = await store.answer(diagramId, commentId);
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    return comment;
  }

  return {
    async list(actor: Actor, diagramId: number): Promise<CommentThread[]> {
      await opened(actor, diagramId);
      return store.threads(diagramId);
    },

    /** A new thread on the statement at `line` (checked against the settled text), or a reply. */
    async add(actor: Actor, diagramId: number, input: AddCommentBody): Promise<Comment> {
      await opened(actor, diagramId);
      let parentId: number | null = null;
      if (input.parentId !== undefined) {
        const parent = await store.find(diagramId, input.parentId);
        if (!parent) throw notFound(COMMENT_NOT_FOUND);
        // A reply to a reply joins the thread.
        parentId = parent.parentId ?? parent.id;
      } else {
        await deps.writer.settle(diagramId);
      }
      const mentions = await mentionsIn(diagramId, input.body);
      const { line } = input;
      const inserted = await store.insert(
        diagramId,
        { authorId: actor.id, body: input.body, parentId, mentions },
        (content) => {
          if (line === undefined) return { line: null, lineText: '' };
          if (!isStatementLine(content, line)) throw badRequest(NOT_A_STATEMENT);
          return { line, lineText: lineText(content, line) };
        },
        COMMENTS_PER_DIAGRAM_MAX,
      );
      if (inserted === 'missing') throw notFound(DIAGRAM_NOT_FOUND);
      if (inserted === 'full') throw new AppError(409, TOO_MANY_COMMENTS);
      changed(diagramId);
      return answer(diagramId, inserted.id);
    },

    /** `{ body }`: the author edits it; `{ resolved }`: the owner or an editor resolves a thread. */
    async update(
      actor: Actor,
      diagramId: number,
      commentId: number,
      patch: UpdateCommentBody,
    ): Promise<Comment> {
      const diagram = await opened(actor, diagramId);
      const comment = await store.find(diagramId, commentId);
      if (!comment) throw notFound(COMMENT_NOT_FOUND);
      if (patch.body !== undefined) {
        if (comment.authorId !== actor.id) throw new AppError(403, AUTHOR_ONLY);
        await store.setBody(commentId, patch.body, await mentionsIn(diagramId, patch.body));
      } else if (patch.resolved !== undefined) {
        if (!can(diagram.access, 'resolve-comments')) throw new AppError(403, RESOLVE_REFUSED);
        if (comment.parentId !== null) throw badRequest(REPLY_TO_THREAD);
        await store.setResolved(commentId, patch.resolved);
      }
      changed(diagramId);
      return answer(diagramId, commentId);
    },

    /** The author deletes their comment; a thread's first comment takes its replies along. */
    async remove(actor: Actor, diagramId: number, commentId: number): Promise<void> {
      await opened(actor, diagramId);
      const comment = await store.find(diagramId, commentId);
      if (!comment) throw notFound(COMMENT_NOT_FOUND);
      if (comment.authorId !== actor.id) throw new AppError(403, AUTHOR_ONLY);
      await store.remove(commentId);
      changed(diagramId);
    },

    /** Comments naming the actor, on diagrams they may still read, newest first. */
    mentions(actor: Actor): Promise<Mention[]> {
      return store.mentionsOf(actor);
    },
  };
}

export type CommentOperations = ReturnType<typeof commentOperations>;
