/**
 * A consistent logical dump: every backed-up table read in one REPEATABLE READ, read-only
 * transaction, so the file is one moment of the database even while the app keeps writing
 * (on PostgreSQL). Rows come out as PostgreSQL's own JSON, which restores without loss.
 */
import { open, rename, rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  FORMAT,
  FORMAT_VERSION,
  migrationLevel,
  type BackupHeader,
  type EndLine,
} from './format.js';
import { backedUpTables } from './tables.js';

const PAGE_ROWS = 500;

/** Writes the backup to `file` (through `file.partial`, renamed at the end); answers row counts. */
export async function writeBackup(
  database: Database,
  file: string,
): Promise<Record<string, number>> {
  const partial = `${file}.partial`;
  const out = await open(partial, 'w', 0o600);
  try {
    const counts = await database.db.transaction(
      async (tx) => {
        const tables = backedUpTables();
        const header: BackupHeader = {
          format: FORMAT,
          version: FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          source: database.kind,
          migrations: await migrationLevel(tx),
          tables: tables.map(({ name, columns }) => ({ name, columns })),
        };
        await out.write(`${JSON.stringify(header)}\n`);
        const rows: Record<string, number> = {};
        for (const table of tables) {
          let count = 0;
          const order = sql.join(
            table.order.map((column) => sql.identifier(column)),
            sql`, `,
          );
          for (let offset = 0; ; offset += PAGE_ROWS) {
            const page = (await tx.execute(sql`
              select row_to_json(t)::text as row from ${sql.identifier(table.name)} t
              order by ${order} limit ${PAGE_ROWS} offset ${offset}`)) as unknown as {
              rows: { row: string }[];
            };
            // The row's JSON text goes out as PostgreSQL wrote it: no parse, no rounding.
            const lines = page.rows.map(
              ({ row }) => `{"table":${JSON.stringify(table.name)},"row":${row}}\n`,
            );
            if (lines.length > 0) await out.write(lines.join(''));
            count += page.rows.length;
            if (page.rows.length < PAGE_ROWS) break;
          }
          rows[table.name] = count;
        }
        const end: EndLine = { end: true, rows };
        await out.write(`${JSON.stringify(end)}\n`);
        return rows;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await out.sync();
    await out.close();
    await rename(partial, file);
    return counts;
  } catch (error) {
    await out.close().catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  }
}
