/**
 * Two app instances on one PostgreSQL database serve one live session: a client on each sees
 * the other's edits, with fan-out through PostgreSQL NOTIFY and through Redis.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { diagramDocName } from '../../shared/live.js';
import type { Diagram } from '../../shared/schemas.js';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { injectWithCookie, signInLocally } from '../../../test/support/app.js';
import { postgresSkip, scratchPostgresUrl } from '../../../test/support/databases.js';
import { connectLive, until, type LiveClient } from '../../../test/support/live-client.js';
import { describeIf, redisSkip, TEST_REDIS_URL } from '../../../test/support/needs.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? '';
const redisMissing = await redisSkip();

function modes() {
  return [
    { name: 'PostgreSQL NOTIFY', redis: () => null, skip: postgresSkip },
    {
      name: 'Redis',
      redis: () => ({
        url: TEST_REDIS_URL,
        keyPrefix: `lifeline-test-${randomBytes(4).toString('hex')}:`,
      }),
      skip: postgresSkip ?? redisMissing,
    },
  ];
}

for (const mode of modes()) {
  describeIf(mode.skip, `two instances co-edit live through ${mode.name}`, () => {
    let scratch: { url: string; drop(): Promise<void> };
    const databases: Database[] = [];
    const apps: FastifyInstance[] = [];
    const bases: string[] = [];
    const clients: LiveClient[] = [];

    beforeAll(async () => {
      scratch = await scratchPostgresUrl(ADMIN_URL);
      const appSecret = randomBytes(32).toString('base64url');
      const redis = mode.redis();
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ kind: 'postgres', url: scratch.url });
        databases.push(database);
        const app = await buildApp({ database, appSecret, redis });
        await app.listen({ port: 0, host: '127.0.0.1' });
        apps.push(app);
        bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      }
    }, 60_000);
    afterEach(() => {
      for (const client of clients.splice(0)) client.destroy();
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await scratch?.drop();
    });

    it('shows each client the edits made on the other instance', async () => {
      const cookie = await signInLocally(apps[0]!, 'ada@example.test');
      const diagram = (
        await injectWithCookie(
          apps[0]!,
          {
            method: 'POST',
            url: '/api/diagrams',
            payload: { title: 'Shared', content: 'sequenceDiagram\n' },
          },
          cookie,
        )
      ).json() as Diagram;
      const a = connectLive(bases[0]!, diagramDocName(diagram.id), { cookie });
      const b = connectLive(bases[1]!, diagramDocName(diagram.id), { cookie });
      clients.push(a, b);
      await Promise.all([a.synced, b.synced]);
      a.text.insert(a.text.length, 'A->>B: from one\n');
      await until(() => b.text.toString().includes('from one'), 'edit on instance 2');
      b.text.insert(b.text.length, 'B->>A: from two\n');
      await until(() => a.text.toString().includes('from two'), 'edit on instance 1');
      a.text.insert(0, `%% ${'x'.repeat(20_000)}\n`);
      await until(() => b.text.toString().startsWith('%% x'), 'a large edit in chunks');
      expect(b.text.toString()).toBe(a.text.toString());
    });
  });
}
