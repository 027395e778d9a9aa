/**
 * The queries of a diagram's comments: reads, and the comment writes (comments have no writer of
 * their own). Who may do what is decided by operations.ts before it calls these; the anchors'
 * moves with the text are `moveCommentAnchors`, which only the diagram writer calls.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { moveAnchors } from '../../shared/comments/anchor.js';
import type { Person } from '../../shared/comments/mentions.js';
import type { Comment, CommentThread, Mention } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { collaborators, comments, diagrams, users } from '../db/schema.js';
import { readableBy, type Actor } from '../diagrams/access.js';

/** The name a comment shows once its author's account is gone. */
export const FORMER_AUTHOR = 'A former collaborator';

/** The name an imported comment by someone else shows: theirs, marked, so no account is implied. */
export const importedAuthorName = (name: string) => `${name} (imported)`;

/** How many mentions GET /api/mentions answers at most (newest first). */
export const MENTIONS_MAX = 200;

type CommentRow = typeof comments.$inferSelect & { authorName: string | null };

const columns = {
  id: comments.id,
  diagramId: comments.diagramId,
  parentId: comments.parentId,
  authorId: comments.authorId,
  importedAuthor: comments.importedAuthor,
  body: comments.body,
  line: comments.line,
  lineText: comments.lineText,
  resolved: comments.resolved,
  mentions: comments.mentions,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  authorName: users.name,
};

/** A comment as answered; a reply shows its thread's line and state. */
function toComment(row: CommentRow, thread: CommentRow = row): Comment {
  return {
    id: row.id,
    body: row.body,
    author: {
      name:
        row.authorName ??
        (row.importedAuthor === null ? FORMER_AUTHOR : importedAuthorName(row.importedAuthor)),
    },
    line: thread.line,
    resolved: thread.resolved,
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Rows (ordered by id) as threads, each with its replies, oldest first. */
function toThreads(rows: CommentRow[]): CommentThread[] {
  const threads = new Map<number, { row: CommentRow; replies: CommentRow[] }>();
  for (const row of rows) {
    if (row.parentId === null) threads.set(row.id, { row, replies: [] });
    else threads.get(row.parentId)?.replies.push(row);
  }
  return [...threads.values()].map(({ row, replies }) => ({
    ...toComment(row),
    replies: replies.map((reply) => toComment(reply, row)),
  }));
}

export type StoredComment = CommentRow;

export function commentsStore(db: Db) {
  const select = (tx: Db = db) =>
    tx.select(columns).from(comments).leftJoin(users, eq(users.id, comments.authorId));

  return {
    /** Every thread of the diagram, oldest first. The caller checked the reader's access. */
    async threads(diagramId: number): Promise<CommentThread[]> {
      const rows = await select()
        .where(eq(comments.diagramId, diagramId))
        .orderBy(asc(comments.id));
      return toThreads(rows);
    },

    /** The threads of each of `diagramIds` (Export all), oldest first; none: not in the map. */
    async threadsOf(diagramIds: number[]): Promise<Map<number, CommentThread[]>> {
      const byDiagram = new Map<number, CommentThread[]>();
      if (diagramIds.length === 0) return byDiagram;
      const rows = await select()
        .where(inArray(comments.diagramId, diagramIds))
        .orderBy(asc(comments.id));
      const grouped = new Map<number, CommentRow[]>();
      for (const row of rows) {
        const list = grouped.get(row.diagramId);
        if (list) list.push(row);
        else grouped.set(row.diagramId, [row]);
      }
      for (const [id, list] of grouped) byDiagram.set(id, toThreads(list));
      return byDiagram;
    },

    /** One thread (by its first comment's id) with its replies; null when it is not there. */
    async thread(diagramId: number, threadId: number): Promise<CommentThread | null> {
      const rows = await select()
        .where(
          and(
            eq(comments.diagramId, diagramId),
            or(eq(comments.id, threadId), eq(comments.parentId, threadId)),
          ),
        )
        .orderBy(asc(comments.id));
      return toThreads(rows)[0] ?? null;
    },

    async find(diagramId: number, commentId: number): Promise<StoredComment | null> {
      const [row] = await select().where(
        and(eq(comments.id, commentId), eq(comments.diagramId, diagramId)),
      );
      return row ?? null;
    },

    /** The comment as answered (a reply with its thread's line and state). */
    async answer(diagramId: number, commentId: number): Promise<Comment | null> {
      const row = await this.find(diagramId, commentId);
      if (!row) return null;
      const thread = row.parentId === null ? row : await this.find(diagramId, row.parentId);
      return thread ? toComment(row, thread) : null;
    },

    /** The owner and the collaborators who have an account: whom a comment may mention. */
    async people(diagramId: number): Promise<Person[]> {
      const team = db
        .select({ email: collaborators.email })
        .from(collaborators)
        .where(eq(collaborators.diagramId, diagramId));
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(
          or(
            sql`${users.id} = (select ${diagrams.userId} from ${diagrams} where ${diagrams.id} = ${diagramId})`,
            and(eq(users.emailVerified, true), inArray(sql`lower(${users.email})`, team)),
          ),
        )
        .orderBy(asc(users.id));
    },

    /**
     * Adds a comment in one transaction that locks the diagram's row (so no text write moves
     * anchors meanwhile) and checks it against the text there: `check` answers the anchor to
     * store, or throws. Refused past `max` comments on the diagram (null answered).
     */
    async insert(
      diagramId: number,
      input: {
        authorId: number;
        body: string;
        parentId: number | null;
        mentions: number[];
      },
      check: (content: string) => { line: number | null; lineText: string },
      max: number,
    ): Promise<{ id: number } | 'missing' | 'full'> {
      return db.transaction(async (tx) => {
        const [diagram] = await tx
          .select({ content: diagrams.content })
          .from(diagrams)
          .where(eq(diagrams.id, diagramId))
          .for('update');
        if (!diagram) return 'missing';
        const [counted] = await tx
          .select({ n: count() })
          .from(comments)
          .where(eq(comments.diagramId, diagramId));
        if ((counted?.n ?? 0) >= max) return 'full';
        const anchor = check(diagram.content);
        const [row] = await tx
          .insert(comments)
          .values({ diagramId, ...input, ...anchor })
          .returning({ id: comments.id });
        if (!row) throw new Error('insert returned no row');
        return row;
      });
    },

    async setBody(commentId: number, body: string, mentions: number[]): Promise<void> {
      await db
        .update(comments)
        .set({ body, mentions, updatedAt: sql`clock_timestamp()` })
        .where(eq(comments.id, commentId));
    },

    async setResolved(commentId: number, resolved: boolean): Promise<void> {
      await db
        .update(comments)
        .set({ resolved, updatedAt: sql`clock_timestamp()` })
        .where(eq(comments.id, commentId));
    },

    /** Deletes the comment (a thread's first comment takes its replies with it). */
    async remove(commentId: number): Promise<void> {
      await db.delete(comments).where(eq(comments.id, commentId));
    },

    /** Comments naming the actor on diagrams they may still read, newest first. */
    async mentionsOf(actor: Actor): Promise<Mention[]> {
      const rows = await select()
        .innerJoin(diagrams, eq(diagrams.id, comments.diagramId))
        .where(and(sql`${actor.id} = any(${comments.mentions})`, readableBy(actor)))
        .orderBy(desc(comments.id))
        .limit(MENTIONS_MAX);
      // A reply shows its thread's line: read the threads of replies at once.
      const parentIds = [
        ...new Set(rows.flatMap((row) => (row.parentId === null ? [] : [row.parentId]))),
      ];
      const parents = parentIds.length ? await select().where(inArray(comments.id, parentIds)) : [];
      const parentOf = new Map(parents.map((row) => [row.id, row]));
      const titles = new Map<number, string>();
      if (rows.length) {
        const found = await db
          .select({ id: diagrams.id, title: diagrams.title })
          .from(diagrams)
          .where(inArray(diagrams.id, [...new Set(rows.map((row) => row.diagramId))]));
        for (const row of found) titles.set(row.id, row.title);
      }
      return rows.map((row) => ({
        ...toComment(row, (row.parentId !== null && parentOf.get(row.parentId)) || row),
        diagramId: row.diagramId,
        diagramTitle: titles.get(row.diagramId) ?? '',
      }));
    },
  };
}

export type CommentsStore = ReturnType<typeof commentsStore>;

/**
 * Moves the anchors of a diagram's threads from `before` to `after` (shared/comments/anchor.ts),
 * in the transaction of the write that changed the text. For the diagram writer only.
 */
export async function moveCommentAnchors(
  tx: Db,
  diagramId: number,
  before: string,
  after: string,
): Promise<void> {
  if (before === after) return;
  const anchored = await tx
    .select({ id: comments.id, line: comments.line, text: comments.lineText })
    .from(comments)
    .where(
      and(eq(comments.diagramId, diagramId), isNull(comments.parentId), isNotNull(comments.line)),
    );
  if (anchored.length === 0) return;
  const moved = moveAnchors(before, after, anchored);
  for (const [index, anchor] of moved.entries()) {
    const old = anchored[index]!;
    if (anchor.line === old.line && anchor.text === old.text) continue;
    await tx
      .update(comments)
      .set({ line: anchor.line, lineText: anchor.text })
      .where(eq(comments.id, old.id));
  }
}
