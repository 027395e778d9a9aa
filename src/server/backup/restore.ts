/**
 * Brings a backup back, all or nothing: one transaction checks the target is empty (or, with
 * `force`, empties it), inserts every row in file order (parents first), checks the counts of
 * the end line and moves serial sequences past the restored ids.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import {
  FORMAT,
  FORMAT_VERSION,
  migrationLevel,
  type BackupHeader,
  type EndLine,
  type RowLine,
} from './format.js';
import { backedUpTables } from './tables.js';

export class RestoreError extends Error {}

const BATCH_ROWS = 500;

const list = (names: string[]) =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );

function parseLine(line: string, number: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new RestoreError(`Line ${number} of the backup is not valid JSON; the file is damaged.`);
  }
}

function checkHeader(value: unknown, target: { count: number }): BackupHeader {
  const header = value as Partial<BackupHeader> | null;
  if (header?.format !== FORMAT || !Array.isArray(header.tables) || !header.migrations) {
    throw new RestoreError('This file is not a Lifeline backup.');
  }
  if (header.version !== FORMAT_VERSION) {
    throw new RestoreError(
      `This backup has format version ${header.version}; this Lifeline reads version ${FORMAT_VERSION}.`,
    );
  }
  if (header.migrations.count > target.count) {
    throw new RestoreError(
      `This backup comes from a newer Lifeline (database migration ${header.migrations.count}, this one has ${target.count}). Update Lifeline, then restore.`,
    );
  }
  return header as BackupHeader;
}

async function rowCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of tables) {
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    )) as unknown as { rows: { n: number }[] };
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

/** Sets every serial (or identity) sequence of the tables past the largest id restored. */
async function advanceSequences(db: Db, tables: string[]): Promise<void> {
  const names = sql.join(
    tables.map((name) => sql`${name}`),
    sql`, `,
  );
  const serials = (await db.execute(sql`
    select table_name as table, column_name as column,
      pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
    from information_schema.columns
    where table_schema = current_schema() and table_name in (${names})`)) as unknown as {
    rows: { table: string; column: string; sequence: string | null }[];
  };
  for (const { table, column, sequence } of serials.rows) {
    if (!sequence) continue;
    await db.execute(sql`
      select setval(${sequence}, coalesce(max(${sql.identifier(column)}), 0) + 1, false)
      from ${sql.identifier(table)}`);
  }
}

export interface RestoreOptions {
  /** Replace whatever the target holds instead of refusing. */
  force?: boolean;
}

/** Restores `file` into `database`; answers the rows restored per table. */
export async function restoreBackup(
  database: Database,
  file: string,
  options: RestoreOptions = {},
): Promise<Record<string, number>> {
  const tables = backedUpTables();
  const known = new Map(tables.map((table) => [table.name, new Set(table.columns)]));
  const target = await migrationLevel(database.db);

  return database.db.transaction(async (tx) => {
    const existing = await rowCounts(tx, [...known.keys()]);
    const holding = Object.entries(existing).filter(([, n]) => n > 0);
    if (holding.length > 0 && !options.force) {
      const what = holding.map(([name, n]) => `${name}: ${n}`).join(', ');
      throw new RestoreError(
        `The target database already holds data (${what}). Restore into an empty database, or add --force to replace everything in it.`,
      );
    }
    if (holding.length > 0) {
      await tx.execute(sql`truncate ${list([...known.keys()])} restart identity cascade`);
    }

    let header: BackupHeader | null = null;
    let end: EndLine | null = null;
    const restored: Record<string, number> = {};
    // Declared through a cast: TypeScript does not see the closure below assign it.
    let batch = null as { table: string; rows: unknown[] } | null;
    const flush = async () => {
      if (!batch || batch.rows.length === 0) return;
      const columns = header!.tables.find((table) => table.name === batch!.table)!.columns;
      const names = list(columns);
      const rows: SQL = sql`${JSON.stringify(batch.rows)}::json`;
      await tx.execute(sql`
        insert into ${sql.identifier(batch.table)} (${names})
        select ${names} from json_populate_recordset(null::${sql.identifier(batch.table)}, ${rows})`);
      restored[batch.table] = (restored[batch.table] ?? 0) + batch.rows.length;
      batch.rows = [];
    };

    // Made only now: lines read before the loop starts waiting would be lost.
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    let number = 0;
    for await (const line of lines) {
      number++;
      if (line.trim() === '') continue;
      if (end) throw new RestoreError(`The backup goes on after its end line (line ${number}).`);
      const value = parseLine(line, number);
      if (!header) {
        header = checkHeader(value, target);
        for (const table of header.tables) {
          const columns = known.get(table.name);
          const unknown = columns ? table.columns.filter((c) => !columns.has(c)) : [table.name];
          if (unknown.length > 0) {
            throw new RestoreError(
              `This backup holds ${table.name}${columns ? ` columns ${unknown.join(', ')}` : ''}, which this Lifeline does not have. Update Lifeline, then restore.`,
            );
          }
          restored[table.name] = 0; // an empty table is restored too
        }
        continue;
      }
      if ((value as EndLine).end === true) {
        await flush();
        end = value as EndLine;
        continue;
      }
      const { table, row } = value as RowLine;
      if (!header.tables.some((t) => t.name === table) || typeof row !== 'object' || !row) {
        throw new RestoreError(`Line ${number} of the backup is not a row of a known table.`);
      }
      if (batch?.table !== table || batch.rows.length >= BATCH_ROWS) {
        await flush();
        batch = { table, rows: [] };
      }
      batch.rows.push(row);
    }
    if (!header) throw new RestoreError('The backup file is empty.');
    if (!end) {
      throw new RestoreError(
        'The backup file is incomplete (it has no end line): it was cut short. Nothing was restored.',
      );
    }
    for (const [name, expected] of Object.entries(end.rows)) {
      if ((restored[name] ?? 0) !== expected) {
        throw new RestoreError(
          `The backup's ${name} should hold ${expected} rows but has ${restored[name] ?? 0}. Nothing was restored.`,
        );
      }
    }
    await advanceSequences(tx, [...known.keys()]);
    return restored;
  });
}
