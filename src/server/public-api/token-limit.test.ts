/**
 * A token's calls a minute are one budget across every /api/v1 route and /mcp: spreading calls
 * over several routes does not multiply it, and another token keeps its own.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { apiTokenOf, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

const PER_MINUTE = 12;

describeEach(testDatabases, 'one call budget per API token on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { limits: { apiCallsPerMinute: PER_MINUTE } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const tokenFor = async (email: string) => apiTokenOf(app, await signInLocally(app, email));

  /** One call of each token route, in turn: reads, writes, a convert, a trace, MCP. */
  const calls: ((token: string) => InjectOptions)[] = [
    (token) => ({ method: 'GET', url: '/api/v1/diagrams', headers: bearer(token) }),
    (token) => ({
      method: 'POST',
      url: '/api/v1/diagrams',
      headers: bearer(token),
      payload: { content: 'sequenceDiagram\n  A->>B: hi' },
    }),
    (token) => ({
      method: 'POST',
      url: '/api/v1/convert',
      headers: bearer(token),
      payload: { content: 'sequenceDiagram\n  A->>B: hi', format: 'gif' },
    }),
    (token) => ({ method: 'GET', url: '/api/v1/diagrams/999999/diff', headers: bearer(token) }),
    (token) => ({
      method: 'POST',
      url: '/api/v1/import/trace?dry=true',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{}',
    }),
    (token) => ({
      method: 'POST',
      url: '/mcp',
      headers: {
        ...bearer(token),
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    }),
  ];

  it('answers 429 once a token spent its calls, whichever routes it spread them over', async () => {
    const token = await tokenFor(`spread-${Math.random()}@example.test`);
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE; i += 1) {
      statuses.push((await app.inject(calls[i % calls.length]!(token))).statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    for (const call of calls) {
      const limited = await app.inject(call(token));
      expect(limited.statusCode, `${call(token).url}`).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(limited.json()).toEqual({ error: expect.stringMatching(/^Too many requests/) });
    }
    // Another token has its own budget.
    const other = await tokenFor(`other-${Math.random()}@example.test`);
    expect((await app.inject(calls[0]!(other))).statusCode).toBe(200);
  });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
