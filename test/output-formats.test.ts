/**
 * One table of output formats (src/shared/output-formats.ts): every surface offers exactly the
 * formats the table gives it, read from the app itself (the OpenAPI document, the registered
 * routes, what each endpoint accepts and refuses), and the lint rule knows the table's ids. The
 * app runs without Chromium here: an image format it offers answers 503 (no renderer), one it
 * does not offer answers 400; text drawings answer 200.
 */
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  DRAWN_FORMATS,
  formatsOn,
  isOneOf,
  mediaTypesOf,
  MENU_FORMATS,
  menuFormats,
  OUTPUT_FORMATS,
  RASTER_FORMATS,
  STEPPED_FORMATS,
  SURFACES,
  TEXT_FORMATS,
  type OutputFormatId,
  type Surface,
} from '../src/shared/output-formats.js';
import { convertBody } from '../src/shared/schemas.js';
import type { Database } from '../src/server/db/client.js';
import { apiTokenOf, signInLocally, testApp } from './support/app.js';
import { testDatabases } from './support/databases.js';
import { recordRoutes } from './support/route-list.js';

const DIAGRAM = 'sequenceDiagram\n  Alice->>Bob: Hello';
const IDS = OUTPUT_FORMATS.map((format) => format.id);
const offers = (surface: Surface, id: OutputFormatId) => isOneOf(formatsOn(surface), id);

/** The value at `path` inside a parsed JSON document. */
function at(value: unknown, ...path: string[]): unknown {
  let here = value;
  for (const key of path) {
    here =
      here !== null && typeof here === 'object'
        ? (here as Record<string, unknown>)[key]
        : undefined;
  }
  return here;
}
const keysAt = (value: unknown, ...path: string[]) => Object.keys(at(value, ...path) ?? {});

describe('the table', () => {
  it('names each format once, and every surface offers at least one', () => {
    expect(new Set(IDS).size).toBe(IDS.length);
    for (const surface of Object.keys(SURFACES) as Surface[]) {
      expect(formatsOn(surface).length, surface).toBeGreaterThan(0);
    }
  });

  it('holds together: what each surface offers is something it can make', () => {
    // MCP's render is convert's call; the export file route and the renderer draw no text.
    expect(formatsOn('convert')).toEqual(expect.arrayContaining(formatsOn('mcp')));
    for (const surface of ['ink', 'embed', 'exportFile'] as const) {
      for (const id of formatsOn(surface)) expect(DRAWN_FORMATS, surface).toContain(id);
    }
    // The menu's server files and stepped files come from /api/export/file; its copies are text.
    for (const id of [...menuFormats('server'), ...STEPPED_FORMATS]) {
      expect(formatsOn('exportFile')).toContain(id);
    }
    expect(TEXT_FORMATS).toEqual(expect.arrayContaining(menuFormats('clipboard')));
    for (const id of RASTER_FORMATS) expect(DRAWN_FORMATS).toContain(id);
    expect(MENU_FORMATS).toEqual([
      ...menuFormats('preview'),
      ...menuFormats('server'),
      ...menuFormats('clipboard'),
    ]);
  });

  it('gives each format its Content-Type', () => {
    expect(IDS.map(contentTypeOf)).toEqual([
      'image/svg+xml; charset=utf-8',
      'image/jpeg',
      'image/png',
      'image/webp',
      'application/pdf',
      'text/plain; charset=utf-8',
      'text/plain; charset=utf-8',
      'text/plain; charset=utf-8',
    ]);
  });

  it('is the list the lint rule against hand-written lists knows', async () => {
    // A computed specifier: the config is plain JavaScript without types.
    const config = new URL('../eslint.config.js', import.meta.url).href;
    const { OUTPUT_FORMAT_IDS } = (await import(config)) as { OUTPUT_FORMAT_IDS: string[] };
    expect([...OUTPUT_FORMAT_IDS].sort()).toEqual([...IDS].sort());
  });

  it("is convert's steps rule", () => {
    for (const id of formatsOn('convert')) {
      const parsed = convertBody.safeParse({ content: DIAGRAM, format: id, steps: true });
      expect(parsed.success, id).toBe(isOneOf(STEPPED_FORMATS, id));
    }
  });
});

describe('every surface offers the table’s formats', () => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const routes = recordRoutes();

  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    app = await testApp(database, { onRoute: routes.onRoute });
    token = await apiTokenOf(app, await signInLocally(app, 'formats@example.test'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Status and error text of an answer (JSON `error` or the plain-text body). */
  const outcome = (response: { statusCode: number; body: string }) => ({
    status: response.statusCode,
    text: response.body,
  });

  it('convert: the OpenAPI enum and answers, and a 400 for every other format', async () => {
    const document: unknown = (
      await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    ).json();
    const convert = at(document, 'paths', '/api/v1/convert', 'post');
    const body = at(convert, 'requestBody', 'content', 'application/json', 'schema');
    expect(at(body, 'properties', 'format', 'enum')).toEqual(formatsOn('convert'));
    expect(keysAt(convert, 'responses', '200', 'content')).toEqual(
      mediaTypesOf(formatsOn('convert')),
    );
    const kroki = at(document, 'paths', '/kroki/{type}/{format}/{encoded}', 'get');
    expect(keysAt(kroki, 'responses', '200', 'content')).toEqual(
      mediaTypesOf(IDS.filter((id) => offers('kroki', id) || offers('ink', id))),
    );

    for (const id of IDS) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/convert',
        headers: { authorization: `Bearer ${token}` },
        payload: { content: DIAGRAM, format: id },
      });
      const { status, text } = outcome(response);
      if (!offers('convert', id)) {
        expect(status, id).toBe(400);
        expect(text).toContain('format must be');
      } else {
        expect(status, `${id}: ${text}`).toBe(isOneOf(TEXT_FORMATS, id) ? 200 : 503);
        if (status === 200) expect(response.headers['content-type']).toBe(contentTypeOf(id));
      }
    }
  });

  it("the Export menu's server files: /api/export/file takes the table's exportFile formats", async () => {
    for (const id of IDS) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/export/file',
        payload: { content: DIAGRAM, format: id },
      });
      expect(response.statusCode, id).toBe(offers('exportFile', id) ? 503 : 400);
    }
  });

  it("share embeds: a route for each of the table's embed formats", () => {
    const embedded = routes
      .routes()
      .filter((route) => route.startsWith('GET /d/:token.'))
      .map((route) => route.slice('GET /d/:token.'.length))
      .sort();
    expect(embedded).toEqual(
      OUTPUT_FORMATS.filter((format) => offers('embed', format.id))
        .map((format) => format.extension)
        .sort(),
    );
  });

  it('Kroki: the formats of the path and of the Accept header', async () => {
    for (const id of IDS) {
      const response = await app.inject({
        method: 'POST',
        url: `/kroki/mermaid/${id}`,
        headers: { 'content-type': 'text/plain' },
        payload: DIAGRAM,
      });
      const { status, text } = outcome(response);
      if (!offers('kroki', id)) {
        expect(status, id).toBe(400);
        expect(text).toContain('Unsupported output format');
      } else {
        expect(status, `${id}: ${text}`).toBe(isOneOf(TEXT_FORMATS, id) ? 200 : 503);
      }
    }
    const encoded = deflateSync(DIAGRAM).toString('base64url');
    for (const id of IDS) {
      const get = await app.inject({ method: 'GET', url: `/kroki/mermaid/${id}/${encoded}` });
      expect(get.statusCode === 400, id).toBe(!offers('kroki', id));
    }
    for (const type of mediaTypesOf(formatsOn('kroki'))) {
      const response = await app.inject({
        method: 'POST',
        url: '/kroki/mermaid',
        headers: { 'content-type': 'text/plain', accept: type },
        payload: DIAGRAM,
      });
      expect(response.statusCode, type).not.toBe(400);
    }
  });

  it("mermaid.ink: /img's types are the table's ink screenshots", async () => {
    const code = Buffer.from(DIAGRAM, 'utf8').toString('base64url');
    for (const id of IDS) {
      const response = await app.inject({ method: 'GET', url: `/ink/img/${code}?type=${id}` });
      const offered = offers('ink', id) && isOneOf(RASTER_FORMATS, id);
      expect(response.statusCode, id).toBe(offered ? 503 : 400);
    }
    for (const path of ['svg', 'pdf'] as const) {
      expect(offers('ink', path)).toBe(true);
      const response = await app.inject({ method: 'GET', url: `/ink/${path}/${code}` });
      expect(response.statusCode, path).toBe(503);
    }
  });
});
