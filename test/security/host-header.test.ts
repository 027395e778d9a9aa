/**
 * Links the server writes (og:url, the OpenAPI server, /api/docs, the public API's `url`) never
 * come from the request's Host header: a forged one would point link previews, API clients and
 * docs readers at another site. Without PUBLIC_URL they use the address the server was started
 * for; over real HTTP, so the Host header travels as any client can set it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOrigin } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/client.js';
import { openPglite } from '../support/databases.js';
import { signInLocally, testApp } from '../support/app.js';
import { freePort } from '../support/free-port.js';

const FORGED = 'evil.example';

/** One HTTP request with a Host header of our choosing (fetch forbids setting it). */
function send(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: FORGED, 'x-forwarded-host': FORGED, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('links ignore a forged Host header', () => {
  let database: Database;
  let app: FastifyInstance;
  let port: number;
  let origin: string;
  let shareToken: string;
  let apiToken: string;

  beforeAll(async () => {
    port = await freePort();
    origin = listenOrigin('127.0.0.1', port);
    const clientDir = mkdtempSync(join(tmpdir(), 'lifeline-host-'));
    writeFileSync(
      join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>Lifeline</title></head><body></body></html>',
    );
    database = await openPglite();
    app = await testApp(database, { clientDir, listenOrigin: origin });
    const cookie = await signInLocally(app, 'host@example.test');
    const created = await app.inject({
      method: 'POST',
      url: '/api/diagrams',
      headers: { cookie },
      payload: { title: 'Linked', content: 'sequenceDiagram\nA->>B: hi' },
    });
    const shared = await app.inject({
      method: 'PUT',
      url: `/api/diagrams/${created.json().id}`,
      headers: { cookie },
      payload: { isPublic: true },
    });
    shareToken = shared.json().shareToken;
    const token = await app.inject({
      method: 'GET',
      url: '/api/user/api-token',
      headers: { cookie },
    });
    apiToken = token.json().apiToken;
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('og:url of a shared link', async () => {
    const page = await send(port, { path: `/d/${shareToken}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta property="og:url" content="${origin}/d/${shareToken}" />`);
    expect(page.body).not.toContain(FORGED);
  });

  it('the OpenAPI document and /api/docs', async () => {
    const document = await send(port, { path: '/api/v1/openapi.json' });
    expect(JSON.parse(document.body).servers).toEqual([expect.objectContaining({ url: origin })]);
    const docs = await send(port, { path: '/api/docs' });
    expect(docs.status).toBe(200);
    expect(docs.body).toContain(origin);
    expect(document.body + docs.body).not.toContain(FORGED);
  });

  it('the url of a diagram created through the public API', async () => {
    const created = await send(port, {
      method: 'POST',
      path: '/api/v1/diagrams',
      headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'graph TD; A-->B' }),
    });
    expect(created.status).toBe(201);
    const { id, url } = JSON.parse(created.body) as { id: number; url: string };
    expect(url).toBe(`${origin}/?diagramId=${id}`);
  });
});

describe('listenOrigin', () => {
  it.each([
    ['127.0.0.1', 3000, 'http://127.0.0.1:3000'],
    ['localhost', 8080, 'http://localhost:8080'],
    ['0.0.0.0', 3000, 'http://localhost:3000'],
    ['::', 3000, 'http://localhost:3000'],
    ['::1', 3000, 'http://[::1]:3000'],
    ['lifeline.internal', 80, 'http://lifeline.internal'],
  ])('%s:%i is reached at %s', (host, port, expected) => {
    expect(listenOrigin(host, port)).toBe(expected);
  });
});
