/**
 * Read-only API tokens on every route of /api/v1, walked from the routes the app registers (not a
 * list kept here): a route that writes refuses such a token with 403 and changes nothing; a route
 * that reads answers it exactly as it answers a full token. A route that declares nothing keeps
 * the app from starting.
 */
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTraceFixture, TRACE_FIXTURES } from '../../../test/fixtures/traces/fixtures.js';
import type { ApiDiagram, ApiToken } from '../../shared/schemas.js';
import type { VersionSummary } from '../../shared/versions.js';
import { READ_ONLY_TOKEN } from '../api-tokens/bearer.js';
import type { Database } from '../db/client.js';
import { diagrams, diagramVersions, folders } from '../db/schema.js';
import { signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { isTokenPath, tokenAccessGate, type TokenAccess } from './token-access.js';

const SEQUENCE = 'sequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>Alice: Hi';

interface TokenRoute {
  method: string;
  url: string;
  access: TokenAccess | undefined;
}

describeEach(testDatabases, 'read-only API tokens on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let cookie: string;
  let diagram: ApiDiagram;
  let versions: VersionSummary[];
  const routes: TokenRoute[] = [];

  const recordRoute = (route: RouteOptions) => {
    if (!isTokenPath(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({ method, url: route.url, access: route.config?.tokenAccess });
    }
  };
  const routesOf = (access: TokenAccess) => routes.filter((route) => route.access === access);
  const label = (route: TokenRoute) => `${route.method} ${route.url}`;

  /** The route called with its path filled in: the owner's diagram and its first version. */
  const requestOf = (route: TokenRoute, token: string): InjectOptions => {
    const first = String(versions.at(-1)!.id);
    const last = String(versions[0]!.id);
    const url = route.url.replace(':id', String(diagram.id)).replace(':versionId', first);
    // Inputs that let a read do its work (any method of the path); other paths get none.
    const examples: Record<string, Partial<InjectOptions>> = {
      '/api/v1/convert': { payload: { content: SEQUENCE, format: 'txt' } },
      '/api/v1/diagrams/:id/diff': { query: { from: first, to: last } },
      '/api/v1/diagrams': { query: { q: 'Hello' } },
      '/api/v1/diagrams/:id/check-trace': {
        payload: JSON.parse(readTraceFixture(TRACE_FIXTURES.zipkinSkew)) as object,
      },
    };
    return {
      method: route.method as InjectOptions['method'],
      url,
      headers: { authorization: `Bearer ${token}` },
      ...examples[route.url],
    };
  };
  const answerOf = async (route: TokenRoute, token: string) => {
    const response = await app.inject(requestOf(route, token));
    return { status: response.statusCode, body: response.body };
  };

  const regenerate = async (payload?: { scope: string }) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/regenerate-api-token',
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() as ApiToken & { error?: string } };
  };
  /** Everything a change through the API could touch. */
  const stored = async () => ({
    diagrams: await database.db.select().from(diagrams),
    versions: await database.db.select().from(diagramVersions),
    folders: await database.db.select().from(folders),
  });

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, {
      onRoute: recordRoute,
      limits: { apiCallsPerMinute: 100_000 },
    });
    cookie = await signInLocally(app, 'reader@example.test', 'Reader');
    const token = (await regenerate()).body.apiToken;
    const auth = { authorization: `Bearer ${token}` };
    diagram = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/diagrams',
        headers: auth,
        payload: { title: 'Handshake', content: SEQUENCE },
      })
    ).json() as ApiDiagram;
    await app.inject({
      method: 'PUT',
      url: `/api/v1/diagrams/${diagram.id}`,
      headers: auth,
      payload: { content: `${SEQUENCE}\n  Alice->>Bob: Bye` },
    });
    versions = (
      await app.inject({ url: `/api/v1/diagrams/${diagram.id}/versions`, headers: auth })
    ).json() as VersionSummary[];
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('makes tokens with full access unless asked, and says which scope a token has', async () => {
    const other = await signInLocally(app, 'newcomer@example.test');
    const first = await app.inject({ url: '/api/user/api-token', headers: { cookie: other } });
    expect(first.json()).toMatchObject({ scope: 'full' });
    expect(await regenerate()).toMatchObject({ status: 200, body: { scope: 'full' } });
    const bad = await regenerate({ scope: 'admin' });
    expect(bad).toEqual({ status: 400, body: { error: "scope must be 'full' or 'read'." } });
    const readOnly = await regenerate({ scope: 'read' });
    expect(readOnly.body.scope).toBe('read');
    const shown = await app.inject({ url: '/api/user/api-token', headers: { cookie } });
    expect(shown.json()).toEqual({ apiToken: readOnly.body.apiToken, scope: 'read' });
  });

  it('has every /api/v1 route and /mcp declare what a token may do there', () => {
    expect(routes.filter((route) => route.access === undefined).map(label)).toEqual([]);
    expect(routesOf('reads').length).toBeGreaterThan(3);
    expect(routesOf('writes').length).toBeGreaterThan(3);
    expect(routesOf('per-tool').map(label)).toEqual(['POST /mcp']);
  });

  it('refuses a read-only token on every route that writes, and nothing changes', async () => {
    const token = (await regenerate({ scope: 'read' })).body.apiToken;
    const before = await stored();
    for (const route of routesOf('writes')) {
      const answer = await answerOf(route, token);
      expect(answer, label(route)).toEqual({
        status: 403,
        body: JSON.stringify({ error: READ_ONLY_TOKEN }),
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('answers a read-only token on every route that reads exactly as a full one', async () => {
    const full = (await regenerate({ scope: 'full' })).body.apiToken;
    const expected = new Map<string, { status: number; body: string }>();
    for (const route of routesOf('reads')) expected.set(label(route), await answerOf(route, full));
    // Every read did its work, so the comparison below compares answers, not refusals.
    const failed = [...expected].filter(([, answer]) => answer.status !== 200);
    expect(failed).toEqual([]);

    const token = (await regenerate({ scope: 'read' })).body.apiToken;
    for (const route of routesOf('reads')) {
      expect(await answerOf(route, token), label(route)).toEqual(expected.get(label(route)));
    }
  });

  it('lets a full token past the same routes (the refusal is the scope’s)', async () => {
    const full = (await regenerate({ scope: 'full' })).body.apiToken;
    for (const route of routesOf('writes')) {
      const answer = await answerOf(route, full);
      expect(answer.body, label(route)).not.toContain(READ_ONLY_TOKEN);
    }
  });
});

describe('token access declarations', () => {
  const deps = {
    tokens: {} as never,
    failedAuths: {} as never,
    assistants: null,
  };

  it('stops the app from starting when a token route declares nothing', async () => {
    const api = Fastify();
    tokenAccessGate(api, deps);
    expect(() => api.get('/api/v1/undeclared', async () => 'ok')).toThrow(
      /GET \/api\/v1\/undeclared must declare config\.tokenAccess/,
    );
    expect(() =>
      api.get('/api/v1/declared', { config: { tokenAccess: 'reads' } }, async () => 'ok'),
    ).not.toThrow();
    await api.close();
  });
});
