/**
 * Every row of every table but the rate-limit counters (and every sequence's position) as one text, to prove a request
 * changed nothing: equal snapshots mean a byte-for-byte equal database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface Layout {
  tables: { name: string }[];
  sequences: { name: string }[];
}

/**
 * Rate-limit counters are left out: every request counts against its limit, refused ones too
 * (that is what slows guessing), and they hold no one's data.
 */
const UNTRACKED = ['rate_limits'];

/** Tests do not change the schema, so each database's list of tables is read once. */
const layouts = new WeakMap<Db, Promise<Layout>>();

async function readLayout(db: Db): Promise<Layout> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in (${sql.join(
            UNTRACKED.map((name) => sql`${name}`),
            sql`, `,
          )})
        order by table_name`,
  );
  const sequences = await rows<{ name: string }>(
    db,
    sql`select sequence_name as name from information_schema.sequences
        where sequence_schema = 'public' order by sequence_name`,
  );
  return { tables, sequences };
}

export async function snapshotDatabase(db: Db): Promise<string> {
  let layout = layouts.get(db);
  if (!layout) {
    layout = readLayout(db);
    layouts.set(db, layout);
  }
  const { tables, sequences } = await layout;
  // One statement for the whole database: a query per table cost a round trip each, and the
  // access matrix and the fuzzers take a snapshot around most calls they make.
  const columns = [
    ...tables.map(
      ({ name }) =>
        sql`'-- ' || ${name}::text || E'\n' || (select coalesce(string_agg(t::text, E'\n' order by t::text), '') from ${sql.identifier(name)} t)`,
    ),
    ...sequences.map(
      ({ name }) =>
        sql`'-- ' || ${name}::text || ': ' || (select last_value::text || ' ' || is_called::text from ${sql.identifier(name)})`,
    ),
  ];
  if (columns.length === 0) return '';
  const [snapshot] = await rows<{ dump: string }>(
    db,
    sql`select array_to_string(array[${sql.join(columns, sql`, `)}], E'\n') as dump`,
  );
  return snapshot?.dump ?? '';
}
