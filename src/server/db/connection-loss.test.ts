/**
 * A PostgreSQL connection that is lost while a request holds it (the server stopping, an
 * administrator ending the session) fails that request's queries and nothing else: the pool's
 * clients in use have an error listener, so the lost connection's 'error' event can never end
 * the process (an EventEmitter's 'error' without a listener throws).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from './client.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeIf } from '../../../test/support/needs.js';

const postgres = testDatabases.find((row) => row.name === 'postgres')!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeIf(postgres.skip ?? null, 'a PostgreSQL connection lost while in use', () => {
  let database: Database;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    database = await postgres.open();
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await database?.close();
  });

  const terminate = (pid: number) => database.db.execute(sql`select pg_terminate_backend(${pid})`);

  it.each([
    ['between two statements of a transaction', false],
    ['while a statement runs', true],
  ] as const)('%s fails that transaction, and the process runs on', async (_, running) => {
    let pid = 0;
    const transaction = database.db.transaction(async (tx) => {
      const [row] = (
        (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        }
      ).rows;
      pid = row!.pid;
      if (running) await tx.execute(sql`select pg_sleep(5)`);
      else await pause(500);
      await tx.execute(sql`select 1`);
    });
    const outcome = transaction.then(
      () => 'committed',
      () => 'failed',
    );
    await expect.poll(() => pid).toBeGreaterThan(0);
    await pause(100);
    await terminate(pid);
    expect(await outcome).toBe('failed');
    await pause(200);
    expect(uncaught).toEqual([]);
    // The pool serves the next caller on a fresh connection.
    expect(await database.ping()).toBe(true);
  });
});
