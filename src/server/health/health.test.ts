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
});
