import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client.js';
import { openPglite } from '../../../test/support/databases.js';

let database: Database;
beforeAll(async () => {
  database = await openPglite();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

it('lets the event loop take a turn between queries queued at once (PGlite)', async () => {
  // Counts the loop's turns while the queries run.
  let turns = 0;
  let counting = true;
  const count = () => {
    turns++;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  const seen: number[] = [];
  try {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.execute(sql`select 1`).then(() => seen.push(turns)),
      ),
    );
  } finally {
    counting = false;
  }
  // Each query answered on a later turn than the one before: none ran back to back with it.
  for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
});

it('keeps the order of queries and transactions', async () => {
  await database.db.execute(sql`create table turns_order (n int)`);
  await Promise.all(
    Array.from({ length: 10 }, (_, n) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into turns_order values (${n})`);
        await tx.execute(sql`insert into turns_order values (${n + 100})`);
      }),
    ),
  );
  // PGlite answers { rows }.
  const result = (await database.db.execute(sql`select n from turns_order`)) as unknown as {
    rows: { n: number }[];
  };
  expect(result.rows.map((row) => row.n)).toEqual(
    Array.from({ length: 10 }, (_, n) => [n, n + 100]).flat(),
  );
});
