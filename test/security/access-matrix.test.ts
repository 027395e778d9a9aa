/**
 * The access matrix: every route the app registers × every kind of caller, against a table of
 * expected answers. A route missing from the table fails the suite (a new route cannot ship
 * unreviewed); a failed request must change nothing, and no caller outside the owner's circle may
 * change the owner's rows or see their private text. Adding a route: add one row below.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { testApp } from '../support/app.js';
import { multipartBody } from '../support/multipart.js';
import { testDatabases } from '../support/databases.js';
import { describeEach } from '../support/needs.js';
import { recordRoutes } from '../support/route-list.js';
import { snapshotDatabase } from '../support/snapshot.js';
import {
  ACTORS,
  as,
  makeWorld,
  ownerSlice,
  removeWorld,
  type ActorName,
  type World,
} from '../support/world.js';

type Expected = Record<ActorName, number>;

interface Row {
  request: (world: World) => InjectOptions;
  expect: Expected;
}

const all = (status: number): Expected =>
  Object.fromEntries(ACTORS.map((actor) => [actor, status])) as Expected;

/**
 * A session route: 401 without a live session (tokens do not count); the rest as given. An
 * unverified claim to the editor's address gets what a stranger gets.
 */
const session = (signedIn: Pick<Expected, 'owner' | 'editor' | 'viewer' | 'stranger'>) => ({
  ...all(401),
  unverified: signedIn.stranger,
  ...signedIn,
});
const sameForEveryone = (status: number) =>
  session({ owner: status, editor: status, viewer: status, stranger: status });

/** A public-API route: 401 without a valid bearer token (session cookies do not count). */
const bearer = (tokens: Pick<Expected, 'ownerToken' | 'strangerToken'>) => ({
  ...all(401),
  ...tokens,
});

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});

const GRAPH = 'graph TD; A-->B';
const KROKI_GRAPH = deflateSync(GRAPH).toString('base64url');
const INK_GRAPH = Buffer.from(GRAPH).toString('base64');
const KROKI_JSON = { diagram_source: GRAPH, diagram_type: 'mermaid', output_format: 'svg' };
const text = (url: string, headers: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'text/plain', ...headers },
  payload: GRAPH,
});

/** A Zipkin trace of one span: what the trace-check routes are sent. */
const ONE_SPAN_TRACE = [
  {
    traceId: 'aa00000000000002',
    id: '0000000000000002',
    name: 'get /',
    timestamp: 1_700_000_000_000_000,
    duration: 1000,
    localEndpoint: { serviceName: 'web' },
  },
];

/** No renderer in this suite: image routes answer 503 once access is settled. */
const EXPECTED: Record<string, Row> = {
  'GET /healthz': { request: () => json('GET', '/healthz'), expect: all(200) },
  'GET /index.html': { request: () => json('GET', '/index.html'), expect: all(200) },
  'GET /auth/google': { request: () => json('GET', '/auth/google'), expect: all(200) },
  'GET /auth/google/callback': {
    request: () => json('GET', '/auth/google/callback?code=x&state=y'),
    expect: all(400),
  },
  'POST /auth/local': {
    request: () => ({
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `name=New&email=new-${Math.random().toString(36).slice(2)}%40example.test`,
    }),
    expect: all(303),
  },
  'POST /api/logout': { request: () => json('POST', '/api/logout'), expect: all(204) },
  'GET /api/user': { request: () => json('GET', '/api/user'), expect: sameForEveryone(200) },
  'GET /api/user/api-token': {
    request: () => json('GET', '/api/user/api-token'),
    expect: sameForEveryone(200),
  },
  'POST /api/user/regenerate-api-token': {
    request: () => json('POST', '/api/user/regenerate-api-token'),
    expect: sameForEveryone(200),
  },
  'GET /api/diagrams': {
    request: () => json('GET', '/api/diagrams'),
    expect: sameForEveryone(200),
  },
  'POST /api/diagrams': {
    request: (w) =>
      json('POST', '/api/diagrams', { title: 'T', content: 'x', folderId: w.folderId }),
    expect: session({ owner: 201, editor: 404, viewer: 404, stranger: 404 }),
  },
  'GET /api/diagrams/:id': {
    request: (w) => json('GET', `/api/diagrams/${w.diagramId}`),
    expect: session({ owner: 200, editor: 200, viewer: 200, stranger: 404 }),
  },
  'PUT /api/diagrams/:id': {
    request: (w) => json('PUT', `/api/diagrams/${w.diagramId}`, { title: 'Renamed' }),
    expect: session({ owner: 200, editor: 200, viewer: 403, stranger: 404 }),
  },
  'DELETE /api/diagrams/:id': {
    request: (w) => json('DELETE', `/api/diagrams/${w.diagramId}`),
    expect: session({ owner: 204, editor: 403, viewer: 403, stranger: 404 }),
  },
  'GET /api/diagrams/:id/versions': {
    request: (w) => json('GET', `/api/diagrams/${w.diagramId}/versions`),
    expect: session({ owner: 200, editor: 200, viewer: 200, stranger: 404 }),
  },
  'GET /api/diagrams/:id/versions/:versionId': {
    request: (w) => json('GET', `/api/diagrams/${w.diagramId}/versions/${w.versionId}`),
    expect: session({ owner: 200, editor: 200, viewer: 200, stranger: 404 }),
  },
  'POST /api/diagrams/:id/versions/:versionId/restore': {
    request: (w) => json('POST', `/api/diagrams/${w.diagramId}/versions/${w.versionId}/restore`),
    expect: session({ owner: 200, editor: 200, viewer: 403, stranger: 404 }),
  },
  'GET /api/diagrams/:id/diff': {
    request: (w) =>
      json('GET', `/api/diagrams/${w.diagramId}/diff?from=${w.versionId}&to=${w.versionId}`),
    expect: session({ owner: 200, editor: 200, viewer: 200, stranger: 404 }),
  },
  // The editor's check: anyone who may open the diagram may check it, with the text the editor
  // shows; it changes nothing (that text is never stored).
  'POST /api/diagrams/:id/check-trace': {
    request: (w) => ({
      method: 'POST',
      url: `/api/diagrams/${w.diagramId}/check-trace`,
      ...multipartBody(
        [
          {
            name: 'trace.json',
            type: 'application/json',
            content: JSON.stringify(ONE_SPAN_TRACE),
          },
        ],
        'file',
        { text: 'sequenceDiagram\n    User->>web: get /' },
      ),
    }),
    expect: session({ owner: 200, editor: 200, viewer: 200, stranger: 404 }),
  },
  'GET /api/trash': { request: () => json('GET', '/api/trash'), expect: sameForEveryone(200) },
  'POST /api/trash/:id/restore': {
    request: (w) => json('POST', `/api/trash/${w.trashedDiagramId}/restore`),
    expect: session({ owner: 200, editor: 404, viewer: 404, stranger: 404 }),
  },
  'DELETE /api/trash/:id': {
    request: (w) => json('DELETE', `/api/trash/${w.trashedDiagramId}`),
    expect: session({ owner: 204, editor: 404, viewer: 404, stranger: 404 }),
  },
  'GET /api/diagrams/:id/collaborators': {
    request: (w) => json('GET', `/api/diagrams/${w.diagramId}/collaborators`),
    expect: session({ owner: 200, editor: 403, viewer: 403, stranger: 404 }),
  },
  'POST /api/diagrams/:id/collaborators': {
    request: (w) =>
      json('POST', `/api/diagrams/${w.diagramId}/collaborators`, {
        email: 'someone-new@example.test',
        role: 'editor',
      }),
    expect: session({ owner: 201, editor: 403, viewer: 403, stranger: 404 }),
  },
  'DELETE /api/diagrams/:id/collaborators/:collaboratorId': {
    request: (w) =>
      json('DELETE', `/api/diagrams/${w.diagramId}/collaborators/${w.editorCollaboratorId}`),
    expect: session({ owner: 204, editor: 403, viewer: 403, stranger: 404 }),
  },
  'GET /api/diagrams/:id/comments': {
    request: (w) => json('GET', `/api/diagrams/${w.diagramId}/comments`),
    expect: session({ owner: 200, editor: 200, viewer: 200, stranger: 404 }),
  },
  'POST /api/diagrams/:id/comments': {
    request: (w) => json('POST', `/api/diagrams/${w.diagramId}/comments`, { body: 'Hi', line: 2 }),
    expect: session({ owner: 201, editor: 201, viewer: 201, stranger: 404 }),
  },
  'PATCH /api/diagrams/:id/comments/:commentId': {
    request: (w) =>
      json('PATCH', `/api/diagrams/${w.diagramId}/comments/${w.commentId}`, { resolved: true }),
    expect: session({ owner: 200, editor: 200, viewer: 403, stranger: 404 }),
  },
  // Only its author (the owner) deletes the owner's comment.
  'DELETE /api/diagrams/:id/comments/:commentId': {
    request: (w) => json('DELETE', `/api/diagrams/${w.diagramId}/comments/${w.commentId}`),
    expect: session({ owner: 204, editor: 403, viewer: 403, stranger: 404 }),
  },
  'GET /api/mentions': {
    request: () => json('GET', '/api/mentions'),
    expect: sameForEveryone(200),
  },
  'GET /api/shared-with-me': {
    request: () => json('GET', '/api/shared-with-me'),
    expect: sameForEveryone(200),
  },
  'GET /api/folders': { request: () => json('GET', '/api/folders'), expect: sameForEveryone(200) },
  'POST /api/folders': {
    request: () => json('POST', '/api/folders', { name: 'Mine' }),
    expect: sameForEveryone(201),
  },
  'PUT /api/folders/:id': {
    request: (w) => json('PUT', `/api/folders/${w.folderId}`, { name: 'Renamed' }),
    expect: session({ owner: 200, editor: 404, viewer: 404, stranger: 404 }),
  },
  'DELETE /api/folders/:id': {
    request: (w) => json('DELETE', `/api/folders/${w.folderId}`),
    expect: session({ owner: 204, editor: 404, viewer: 404, stranger: 404 }),
  },
  'GET /api/export': { request: () => json('GET', '/api/export'), expect: sameForEveryone(200) },
  'POST /api/import': {
    request: () => ({
      method: 'POST',
      url: '/api/import',
      ...multipartBody([{ name: 'imported.mmd', content: 'graph TD; A-->B' }]),
    }),
    expect: sameForEveryone(201),
  },
  'GET /api/diagrams/shared/:token': {
    request: (w) => json('GET', `/api/diagrams/shared/${w.shareToken}`),
    expect: all(200),
  },
  'GET /d/:token': { request: (w) => json('GET', `/d/${w.shareToken}`), expect: all(200) },
  'GET /d/:token.png': { request: (w) => json('GET', `/d/${w.shareToken}.png`), expect: all(503) },
  'GET /d/:token.svg': { request: (w) => json('GET', `/d/${w.shareToken}.svg`), expect: all(503) },
  // Public like the landing page; the matrix's app has no Chromium, so the renderer is down.
  'GET /templates/:id.svg': {
    request: () => json('GET', '/templates/sequence-basic.svg'),
    expect: all(503),
  },
  // The Export menu's stepped files: anyone may export the text they send (spec §6).
  'POST /api/export/file': {
    request: () => json('POST', '/api/export/file', { content: GRAPH, format: 'pdf' }),
    expect: all(503),
  },
  'POST /api/v1/diagrams': {
    request: (w) => json('POST', '/api/v1/diagrams', { content: 'x', folderId: w.folderId }),
    expect: bearer({ ownerToken: 201, strangerToken: 404 }),
  },
  'GET /api/v1/diagrams/:id/diff': {
    request: (w) =>
      json('GET', `/api/v1/diagrams/${w.diagramId}/diff?from=${w.versionId}&to=${w.versionId}`),
    expect: bearer({ ownerToken: 200, strangerToken: 404 }),
  },
  'POST /api/v1/import/trace': {
    request: (w) =>
      json('POST', `/api/v1/import/trace?folderId=${w.folderId}`, [
        {
          traceId: 'aa00000000000001',
          id: '0000000000000001',
          name: 'get /',
          timestamp: 1_700_000_000_000_000,
          duration: 1000,
          localEndpoint: { serviceName: 'web' },
        },
      ]),
    expect: bearer({ ownerToken: 201, strangerToken: 404 }),
  },
  // It changes nothing; a diagram of someone else answers 404 whatever the file holds.
  'POST /api/v1/diagrams/:id/check-trace': {
    request: (w) => json('POST', `/api/v1/diagrams/${w.diagramId}/check-trace`, ONE_SPAN_TRACE),
    expect: bearer({ ownerToken: 200, strangerToken: 404 }),
  },
  'POST /api/v1/convert': {
    request: () => json('POST', '/api/v1/convert', { content: 'graph TD; A-->B' }),
    expect: bearer({ ownerToken: 503, strangerToken: 503 }),
  },
  'GET /api/v1/diagrams': {
    request: () => json('GET', '/api/v1/diagrams'),
    expect: bearer({ ownerToken: 200, strangerToken: 200 }),
  },
  'GET /api/v1/diagrams/:id': {
    request: (w) => json('GET', `/api/v1/diagrams/${w.diagramId}`),
    expect: bearer({ ownerToken: 200, strangerToken: 404 }),
  },
  'PUT /api/v1/diagrams/:id': {
    request: (w) => json('PUT', `/api/v1/diagrams/${w.diagramId}`, { title: 'Renamed' }),
    expect: bearer({ ownerToken: 200, strangerToken: 404 }),
  },
  'GET /api/v1/diagrams/:id/versions': {
    request: (w) => json('GET', `/api/v1/diagrams/${w.diagramId}/versions`),
    expect: bearer({ ownerToken: 200, strangerToken: 404 }),
  },
  'POST /api/v1/diagrams/:id/versions/:versionId/restore': {
    request: (w) => json('POST', `/api/v1/diagrams/${w.diagramId}/versions/${w.versionId}/restore`),
    expect: bearer({ ownerToken: 200, strangerToken: 404 }),
  },
  'PUT /api/v1/diagrams/:id/sharing': {
    request: (w) => json('PUT', `/api/v1/diagrams/${w.diagramId}/sharing`, { isPublic: true }),
    expect: bearer({ ownerToken: 200, strangerToken: 404 }),
  },
  'DELETE /api/v1/diagrams/:id': {
    request: (w) => json('DELETE', `/api/v1/diagrams/${w.diagramId}`),
    expect: bearer({ ownerToken: 204, strangerToken: 404 }),
  },
  'GET /api/v1/diagrams/:id/comments': {
    request: (w) => json('GET', `/api/v1/diagrams/${w.diagramId}/comments`),
    expect: bearer({ ownerToken: 200, strangerToken: 404 }),
  },
  'POST /api/v1/diagrams/:id/comments': {
    request: (w) =>
      json('POST', `/api/v1/diagrams/${w.diagramId}/comments`, { body: 'Hi', line: 2 }),
    expect: bearer({ ownerToken: 201, strangerToken: 404 }),
  },
  'PATCH /api/v1/diagrams/:id/comments/:commentId': {
    request: (w) =>
      json('PATCH', `/api/v1/diagrams/${w.diagramId}/comments/${w.commentId}`, { body: 'Edited' }),
    expect: bearer({ ownerToken: 200, strangerToken: 404 }),
  },
  'DELETE /api/v1/diagrams/:id/comments/:commentId': {
    request: (w) => json('DELETE', `/api/v1/diagrams/${w.diagramId}/comments/${w.commentId}`),
    expect: bearer({ ownerToken: 204, strangerToken: 404 }),
  },
  'GET /api/v1/folders': {
    request: () => json('GET', '/api/v1/folders'),
    expect: bearer({ ownerToken: 200, strangerToken: 200 }),
  },
  // A stranger's call reaches the tool, which answers "not found" inside a 200 JSON-RPC answer.
  'POST /mcp': {
    request: (w) => ({
      ...json('POST', '/mcp', {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'read_diagram', arguments: { id: w.diagramId } },
      }),
      headers: { accept: 'application/json, text/event-stream' },
    }),
    expect: bearer({ ownerToken: 200, strangerToken: 200 }),
  },
  'GET /mcp': { request: () => json('GET', '/mcp'), expect: all(405) },
  'DELETE /mcp': { request: () => json('DELETE', '/mcp'), expect: all(405) },
  // An assistant's OAuth calls take no session and no API token: everyone gets the same answer,
  // here the refusal of a request without its parameters (OAuth's own error shape).
  'GET /oauth/authorize': { request: () => json('GET', '/oauth/authorize'), expect: all(400) },
  'POST /oauth/authorize': { request: () => json('POST', '/oauth/authorize'), expect: all(400) },
  'POST /oauth/token': { request: () => json('POST', '/oauth/token'), expect: all(400) },
  'OPTIONS /oauth/token': { request: () => json('OPTIONS', '/oauth/token'), expect: all(204) },
  'POST /oauth/revoke': { request: () => json('POST', '/oauth/revoke'), expect: all(400) },
  'OPTIONS /oauth/revoke': { request: () => json('OPTIONS', '/oauth/revoke'), expect: all(204) },
  'POST /oauth/register': { request: () => json('POST', '/oauth/register'), expect: all(400) },
  'OPTIONS /oauth/register': {
    request: () => json('OPTIONS', '/oauth/register'),
    expect: all(204),
  },
  'GET /.well-known/oauth-authorization-server': {
    request: () => json('GET', '/.well-known/oauth-authorization-server'),
    expect: all(200),
  },
  'OPTIONS /.well-known/oauth-authorization-server': {
    request: () => json('OPTIONS', '/.well-known/oauth-authorization-server'),
    expect: all(204),
  },
  'GET /.well-known/oauth-protected-resource': {
    request: () => json('GET', '/.well-known/oauth-protected-resource'),
    expect: all(200),
  },
  'OPTIONS /.well-known/oauth-protected-resource': {
    request: () => json('OPTIONS', '/.well-known/oauth-protected-resource'),
    expect: all(204),
  },
  'GET /.well-known/oauth-protected-resource/mcp': {
    request: () => json('GET', '/.well-known/oauth-protected-resource/mcp'),
    expect: all(200),
  },
  'OPTIONS /.well-known/oauth-protected-resource/mcp': {
    request: () => json('OPTIONS', '/.well-known/oauth-protected-resource/mcp'),
    expect: all(204),
  },
  // The consent page's calls, for a request that does not exist (or is gone).
  'GET /api/oauth/requests/:id': {
    request: () => json('GET', `/api/oauth/requests/${'r'.repeat(43)}`),
    expect: sameForEveryone(404),
  },
  'POST /api/oauth/requests/:id': {
    request: () => json('POST', `/api/oauth/requests/${'r'.repeat(43)}`, { decision: 'allow' }),
    expect: sameForEveryone(404),
  },
  'GET /api/user/assistants': {
    request: () => json('GET', '/api/user/assistants'),
    expect: sameForEveryone(200),
  },
  'DELETE /api/user/assistants/:id': {
    request: () => json('DELETE', '/api/user/assistants/999999'),
    expect: sameForEveryone(404),
  },
  'GET /api/v1/openapi.json': {
    request: () => json('GET', '/api/v1/openapi.json'),
    expect: all(200),
  },
  'GET /api/docs': { request: () => json('GET', '/api/docs'), expect: all(200) },
  // The open render endpoints take no credentials: everyone reaches the (absent) renderer.
  'GET /kroki/:type/:format/:encoded': {
    request: () => json('GET', `/kroki/mermaid/svg/${KROKI_GRAPH}`),
    expect: all(503),
  },
  'POST /kroki/:type/:format': {
    request: () => text('/kroki/mermaid/svg', {}),
    expect: all(503),
  },
  'POST /kroki/:type': {
    request: () => text('/kroki/mermaid', { accept: 'image/png' }),
    expect: all(503),
  },
  'POST /kroki': { request: () => json('POST', '/kroki', KROKI_JSON), expect: all(503) },
  'POST /kroki/': { request: () => json('POST', '/kroki/', KROKI_JSON), expect: all(503) },
  'GET /ink/svg/:code': { request: () => json('GET', `/ink/svg/${INK_GRAPH}`), expect: all(503) },
  'GET /ink/img/:code': { request: () => json('GET', `/ink/img/${INK_GRAPH}`), expect: all(503) },
  'GET /ink/pdf/:code': { request: () => json('GET', `/ink/pdf/${INK_GRAPH}`), expect: all(503) },
};

/** Callers who are neither the owner nor invited to the private diagram. */
const OUTSIDERS: ActorName[] = ['anonymous', 'stranger', 'unverified', 'strangerToken', 'expired'];

const CALL_ORDER: ActorName[] = [...OUTSIDERS, 'viewer', 'editor', 'ownerToken', 'owner'];

describeEach(testDatabases, 'access matrix on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  const recorder = recordRoutes();
  const appSecret = 'access-matrix-secret-0123456789abcdefghijkl';

  beforeAll(async () => {
    database = await open();
    const clientDir = mkdtempSync(join(tmpdir(), 'lifeline-matrix-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Lifeline</title>');
    app = await testApp(database, {
      appSecret,
      clientDir,
      onRoute: recorder.onRoute,
      limits: { shareLookupsPerMinute: 100_000, apiCallsPerMinute: 100_000 },
    });
  });
  // A route's calls that were all refused (or only read) leave the world as it was made; the
  // next route takes it on when the database is byte for byte what it was just after the world
  // was made, and makes a new one (removing the old) otherwise.
  let kept: { world: World; made: string } | null = null;
  const worldFor = async (): Promise<{ world: World; now: string }> => {
    const now = await snapshotDatabase(database.db);
    if (kept?.made === now) return { world: kept.world, now };
    if (kept) await removeWorld(database.db, kept.world);
    kept = null;
    const world = await makeWorld(database.db, appSecret);
    const made = await snapshotDatabase(database.db);
    kept = { world, made };
    return { world, now: made };
  };

  afterAll(async () => {
    if (kept) await removeWorld(database.db, kept.world);
    await app?.close();
    await database?.close();
  });

  it('has an expected row for every route the app registers, and no stale rows', () => {
    const routes = recorder.routes();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !(route in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.keys(EXPECTED))('%s answers every caller as expected', async (route) => {
    const row = EXPECTED[route]!;
    const answers: Record<string, number> = {};
    const { world, now } = await worldFor();
    // Outsiders first and the owner last, so a successful write (a deletion, a logout, a new
    // token) cannot change a later caller's case.
    // The state before each call: a call checked to have left it unchanged leaves it valid for
    // the next, so it is read again only after a call that may have changed it.
    let before: string | null = now;
    let ownersBefore: string | null = null;
    for (const actor of CALL_ORDER) {
      before ??= await snapshotDatabase(database.db);
      if (OUTSIDERS.includes(actor)) ownersBefore ??= await ownerSlice(database.db, world);
      const response = await app.inject(as(world, actor, row.request(world)));
      answers[actor] = response.statusCode;
      const label = `${route} as ${actor}: ${response.body.slice(0, 200)}`;
      if (response.statusCode >= 400) {
        // JSON routes answer { error }; the sign-in pages answer a readable HTML page.
        const isJson = String(response.headers['content-type']).startsWith('application/json');
        if (isJson && / \/oauth\//.test(route)) {
          // OAuth's endpoints answer as RFC 6749 says: an error code and its description.
          expect(response.json(), label).toEqual({
            error: expect.any(String),
            error_description: expect.any(String),
          });
        } else if (isJson) {
          expect(response.json(), label).toEqual({ error: expect.any(String) });
        } else if (/^(GET|POST) \/(kroki|ink)\b/.test(route)) {
          // Kroki's and mermaid.ink's clients read a plain-text message.
          expect(response.headers['content-type'], label).toMatch(/^text\/plain/);
          expect(response.body.length, label).toBeGreaterThan(0);
        } else {
          expect(response.headers['content-type'], label).toMatch(/^text\/html/);
          expect(route, label).toMatch(/^GET \/(auth|d)\//);
        }
        expect(await snapshotDatabase(database.db), `${label} changed the database`).toBe(before);
      } else {
        before = null;
      }
      if (OUTSIDERS.includes(actor)) {
        expect(response.body, `${label} leaked private text`).not.toContain(world.secret);
        expect(await ownerSlice(database.db, world), `${label} changed the owner's data`).toBe(
          ownersBefore,
        );
      } else {
        ownersBefore = null;
      }
    }
    expect(answers).toEqual(row.expect);
    expect(Object.keys(answers).sort()).toEqual([...ACTORS].sort());
  });
});
