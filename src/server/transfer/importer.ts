/**
 * Stores an import plan for the acting user in ONE transaction: folders are found by name among
 * the user's own (read once) or created with multi-row inserts, then the diagrams are inserted in
 * batches by the app's diagram writer (held to its live document limit). Any failure rolls everything back, so an import is all or
 * nothing. Between batches the event loop gets a turn, so other requests are answered during a
 * large import.
 */
import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Folder } from '../../shared/schemas.js';
import type { ImportResult } from '../../shared/transfer.js';
import type { Db } from '../db/client.js';
import { comments as commentsTable, folders as foldersTable } from '../db/schema.js';
import type { Actor } from '../diagrams/access.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { foldersStore } from '../folders/store.js';
import type { ImportPlan, PlannedComment, PlannedThread } from './import-plan.js';

/**
 * Diagrams per insert: on the embedded database a write runs on the event loop, and batches of
 * 500 diagrams of 60 lines held it for over 500 ms of CPU.
 */
const BATCH = 100;
/**
 * Folders per insert (a folder row is a name): with inserts of 2,500, a loaded machine answered
 * only two health checks during a 319 ms import of 5,000 folders on PGlite.
 */
const FOLDER_BATCH = 500;

export function diagramImporter(db: Db, writer: DiagramWriter) {
  return {
    async importPlan(actor: Actor & { name: string }, plan: ImportPlan): Promise<ImportResult> {
      return db.transaction(async (tx) => {
        const folders = foldersStore(tx);
        const byName = new Map<string, Folder>();
        let last = -1;
        for (const folder of await folders.list(actor.id)) {
          if (!byName.has(folder.name)) byName.set(folder.name, folder);
          last = Math.max(last, folder.position);
        }
        // New folders go after the last one, unless a manifest gives their position.
        const newFolders: { name: string; position: number }[] = [];
        const planned = new Set<string>();
        for (const wanted of plan.folders) {
          if (byName.has(wanted.name) || planned.has(wanted.name)) continue;
          planned.add(wanted.name);
          const position = wanted.position ?? last + 1;
          last = Math.max(last, position);
          newFolders.push({ name: wanted.name, position });
        }
        const createdFolders: Folder[] = [];
        for (let start = 0; start < newFolders.length; start += FOLDER_BATCH) {
          const batch = newFolders.slice(start, start + FOLDER_BATCH);
          // Two array parameters instead of three per row: several times faster to send and
          // parse than a VALUES list, which matters on the embedded database's one connection.
          const result = await tx.execute(sql`
            insert into ${foldersTable} (user_id, name, position)
            select ${actor.id}, t.name, t.position
            from unnest(${sql.param(batch.map((f) => f.name))}::text[],
                        ${sql.param(batch.map((f) => f.position))}::int[]) as t(name, position)
            returning id, name, position`);
          for (const row of (result as unknown as { rows: Folder[] }).rows) {
            const folder = { id: Number(row.id), name: row.name, position: Number(row.position) };
            byName.set(folder.name, folder);
            createdFolders.push(folder);
          }
          await setImmediate();
        }

        const rows = plan.diagrams.map((diagram) => ({
          title: diagram.title,
          content: diagram.content,
          folderId: diagram.folder === null ? null : (byName.get(diagram.folder)?.id ?? null),
          position: diagram.position ?? 0,
          ...(diagram.createdAt ? { createdAt: diagram.createdAt } : {}),
          ...(diagram.updatedAt ? { updatedAt: diagram.updatedAt } : {}),
        }));
        const created = [];
        for (let start = 0; start < rows.length; start += BATCH) {
          const batch = rows.slice(start, start + BATCH);
          const inserted = await writer.insertImported(tx, actor, batch);
          created.push(...inserted);
          const threads = inserted.flatMap((diagram, i) =>
            (plan.diagrams[start + i]?.comments ?? []).map((thread) => ({
              diagramId: diagram.id,
              thread,
            })),
          );
          await insertThreads(tx, actor, threads);
          await setImmediate();
        }
        return { diagrams: created, folders: createdFolders };
      });
    },
  };
}

/** Comment rows per insert (ten parameters a row, far below PostgreSQL's 65,535). */
const COMMENT_BATCH = 1_000;

/**
 * An imported comment's author: the importer when it was written under their name, else no
 * account, its name kept as the imported author's (shown marked as imported, so it never passes
 * for another account).
 */
function authorOf(actor: Actor & { name: string }, comment: PlannedComment) {
  return comment.authorName === actor.name
    ? { authorId: actor.id, importedAuthor: null }
    : // A comment imported before keeps one mark.
      { authorId: null, importedAuthor: comment.authorName.replace(/ \(imported\)$/, '') };
}

/**
 * Inserts imported threads, then their replies under the threads' new ids, giving the event loop
 * a turn after each insert as the diagrams' batches do.
 */
async function insertThreads(
  tx: Db,
  actor: Actor & { name: string },
  threads: { diagramId: number; thread: PlannedThread }[],
): Promise<void> {
  const row = (diagramId: number, comment: PlannedComment) => ({
    diagramId,
    ...authorOf(actor, comment),
    body: comment.body,
    mentions: [],
    createdAt: comment.createdAt,
    updatedAt: comment.createdAt,
  });
  const replies = [];
  for (let start = 0; start < threads.length; start += COMMENT_BATCH) {
    const batch = threads.slice(start, start + COMMENT_BATCH);
    const ids = await tx
      .insert(commentsTable)
      .values(
        batch.map(({ diagramId, thread }) => ({
          ...row(diagramId, thread),
          line: thread.line,
          lineText: thread.lineText,
          resolved: thread.resolved,
        })),
      )
      .returning({ id: commentsTable.id });
    await setImmediate();
    // Rows come back in the order they were given, as the diagrams' insert relies on too.
    for (const [i, { diagramId, thread }] of batch.entries()) {
      const parentId = ids[i]?.id;
      if (parentId === undefined) throw new Error('comment insert returned too few rows');
      for (const reply of thread.replies) {
        replies.push({
          ...row(diagramId, reply),
          parentId,
          line: null,
          lineText: '',
        });
      }
    }
  }
  for (let start = 0; start < replies.length; start += COMMENT_BATCH) {
    await tx.insert(commentsTable).values(replies.slice(start, start + COMMENT_BATCH));
    await setImmediate();
  }
}
