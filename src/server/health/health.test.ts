import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

describeEach(testDatabases, 'GET /healthz on $name', ({ name, open }) => {
  it('answers 200 while the database is reachable, 503 once it is not', async () => {
    const database = await open();
    const app = await testApp(database);
    const up = await app.inject({ method: 'GET', url: '/healthz' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok', database: name });

    await database.close();
    const down = await app.inject({ method: 'GET', url: '/healthz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toMatch(/database is not reachable/);
    await app.close();
  });

  it('counts the database reachable while a long transaction holds it', async () => {
    const database = await open();
    const app = await testApp(database);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let began = () => undefined as void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    // An import of thousands of rows on a busy machine: one transaction for seconds. On the
    // embedded database every other query waits for it; the database is busy, not down.
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      began();
      await held;
    });
    await begun;
    expect(await database.ping(50)).toBe(true);
    release();
    await transaction;
    await app.close();
    await database.close();
  });
});
