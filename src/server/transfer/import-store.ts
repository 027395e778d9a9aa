/**
 * Stores an import plan for the acting user in ONE transaction: folders are found by name among
 * the user's own (through the folders store) or created, then the diagrams are inserted in
 * batches. Any failure rolls everything back, so an import is all or nothing.
 */
import { getTableColumns } from 'drizzle-orm';
import type { Folder } from '../../shared/schemas.js';
import type { ImportResult } from '../../shared/transfer.js';
import type { Db } from '../db/client.js';
import { diagrams, diagramVersions } from '../db/schema.js';
import type { Actor } from '../diagrams/access.js';
import { toSummary } from '../diagrams/store.js';
import { foldersStore } from '../folders/store.js';
import type { ImportPlan } from './import-plan.js';

const BATCH = 500;
const { content: _content, ...summaryColumns } = getTableColumns(diagrams);

export function importStore(db: Db) {
  return {
    async importPlan(actor: Actor, plan: ImportPlan): Promise<ImportResult> {
      return db.transaction(async (tx) => {
        const folders = foldersStore(tx);
        const byName = new Map<string, Folder>();
        for (const folder of await folders.list(actor.id)) {
          if (!byName.has(folder.name)) byName.set(folder.name, folder);
        }
        const createdFolders: Folder[] = [];
        for (const wanted of plan.folders) {
          if (byName.has(wanted.name)) continue;
          let folder = await folders.create(actor.id, wanted.name);
          if (wanted.position !== undefined && wanted.position !== folder.position) {
            folder =
              (await folders.update(actor.id, folder.id, { position: wanted.position })) ?? folder;
          }
          byName.set(folder.name, folder);
          createdFolders.push(folder);
        }

        const rows = plan.diagrams.map((diagram) => ({
          userId: actor.id,
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
          const inserted = await tx.insert(diagrams).values(batch).returning(summaryColumns);
          // Each imported diagram starts its history, as one made in the editor does.
          await tx.insert(diagramVersions).values(
            inserted.map((row, i) => ({
              diagramId: row.id,
              title: batch[i]!.title,
              content: batch[i]!.content,
              savedBy: actor.id,
              kind: 'created' as const,
            })),
          );
          created.push(...inserted);
        }
        return { diagrams: created.map(toSummary), folders: createdFolders };
      });
    },
  };
}
