/** POST /api/v1/convert over HTTP, the OpenAPI document and /api/docs, on a real Chromium. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import {
  COMMENT_BREAKS_DIAGRAM,
  SMALL_DIAGRAM,
  chromiumChildren,
  fileRenderer,
  pngStats,
} from '../../../test/support/render-support.js';
import { describeIf } from '../../../test/support/needs.js';
import { apiTokenOf, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

const drawing = fileRenderer();
const chromiumMissing = drawing.skip;
const PER_MINUTE = 40;

describeEach(testDatabases, 'public API convert on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;

  const tokenFor = async (email: string) => apiTokenOf(app, await signInLocally(app, email));
  const convert = (payload: unknown, extra: InjectOptions['headers'] = {}, bearer = token) => {
    return app.inject({
      method: 'POST',
      url: '/api/v1/convert',
      headers: { authorization: `Bearer ${bearer}`, ...extra },
      payload: payload as Record<string, unknown>,
    });
  };

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, {
      renderer: drawing.renderer(),
      limits: { apiCallsPerMinute: PER_MINUTE },
    });
    token = await tokenFor('convert@example.test');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 401 JSON without a token or with a wrong one', async () => {
    for (const bearer of ['', 'll_nope']) {
      const response = await convert({ content: SMALL_DIAGRAM }, {}, bearer);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toHaveProperty('error');
    }
  });

  it.each([
    [
      { content: SMALL_DIAGRAM, format: 'gif' },
      "format must be 'svg', 'png', 'pdf', 'txt', 'ascii' or 'description'",
    ],
    [{ content: SMALL_DIAGRAM, width: 0 }, 'width must be a whole number from 1 to 4096'],
    [{ content: SMALL_DIAGRAM, width: 4097 }, 'width must be a whole number from 1 to 4096'],
    [{ content: SMALL_DIAGRAM, width: 1.5 }, 'width must be a whole number from 1 to 4096'],
    [{ content: SMALL_DIAGRAM, width: 'x' }, 'width must be a whole number from 1 to 4096'],
    [{ content: SMALL_DIAGRAM, height: 0 }, 'height must be a whole number from 1 to 4096'],
    [
      { content: SMALL_DIAGRAM, theme: 'pink' },
      "theme must be one of 'neutral', 'dark', 'default', 'forest'",
    ],
    [{ content: SMALL_DIAGRAM, background: 'red' }, "background must be 'white' or 'transparent'"],
    [{ format: 'png' }, 'content is required'],
    [{ content: 'x'.repeat(50_001) }, 'content: Maximum text size in diagram exceeded'],
  ])('answers 400 for %#', async (payload, message) => {
    const response = await convert(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  describeIf(chromiumMissing, 'with Chromium', () => {
    it('answers a 1200×630 PNG by default, with the diagram drawn', async () => {
      const response = await convert({ content: SMALL_DIAGRAM });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const stats = pngStats(response.rawPayload);
      expect([stats.width, stats.height]).toEqual([1200, 630]);
      expect(stats.drawn).toBeGreaterThan(1000);
    });

    it('answers an SVG with the message text, under a no-script CSP', async () => {
      const response = await convert({
        content: SMALL_DIAGRAM,
        format: 'svg',
        width: 800,
        height: 400,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'",
      );
      expect(response.body).toContain('Hello Bob, how are you?');
      expect(response.body).toMatch(/<svg[^>]* width="800"/);
    });

    it('draws what the preview draws: a text that fails only for a comment line, saying so', async () => {
      const response = await convert({ content: COMMENT_BREAKS_DIAGRAM, format: 'svg' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain('Drawn without the comment');
      expect(response.headers['x-render-fallback']).toBe('comments-removed');
      // Answered from the cache, it still says so; a text drawn as written does not.
      expect(
        (await convert({ content: COMMENT_BREAKS_DIAGRAM, format: 'svg' })).headers,
      ).toMatchObject({
        'x-render-cache': 'hit',
        'x-render-fallback': 'comments-removed',
      });
      const plain = await convert({ content: SMALL_DIAGRAM, format: 'svg' });
      expect(plain.headers['x-render-fallback']).toBeUndefined();
    });

    it("answers 400 with mermaid's message for a syntax error", async () => {
      const response = await convert({
        content: 'sequenceDiagram\n    Alice->>: nobody',
        format: 'svg',
      });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { error: string }).error).toMatch(/^Parse error on line 2:/);
    });

    it('answers an ETag, and 304 when it comes back in If-None-Match', async () => {
      const body = { content: SMALL_DIAGRAM, format: 'svg' };
      const first = await convert(body);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect((await convert(body)).headers.etag).toBe(etag);
      const cached = await convert(body, { 'if-none-match': etag });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
      expect(
        (await convert({ ...body, theme: 'dark' }, { 'if-none-match': etag })).statusCode,
      ).toBe(200);
    });

    it("never answers one user's convert from another user's cache", async () => {
      const other = await tokenFor(`cache-${Math.random()}@example.test`);
      // Unique text: the renderer (and its cache) is shared by the PGlite and PostgreSQL runs.
      const mine = `only mine ${Math.random().toString(36).slice(2)}`;
      const body = { content: `${SMALL_DIAGRAM}\n    Bob->>Alice: ${mine}`, format: 'svg' };
      const first = await convert(body);
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-render-cache']).toBe('miss');
      const again = await convert(body);
      expect(again.headers['x-render-cache']).toBe('hit');
      expect(again.body).toBe(first.body);

      // The same text from another user is drawn again, not taken from the first user's cache.
      const guessed = await convert(body, {}, other);
      expect(guessed.statusCode).toBe(200);
      expect(guessed.headers['x-render-cache']).toBe('miss');
      // The ETag depends only on what is drawn, so it stays the same and 304 still works.
      expect(guessed.headers.etag).toBe(first.headers.etag);
      const revalidated = await convert(
        body,
        { 'if-none-match': first.headers.etag as string },
        other,
      );
      expect(revalidated.statusCode).toBe(304);
    });

    it('keeps serving through 20 concurrent converts and a Chromium killed mid-run', async () => {
      const own = await tokenFor(`burst-${Math.random()}@example.test`);
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          convert(
            { content: `${SMALL_DIAGRAM}\n    Bob->>Alice: burst ${i}`, format: 'svg' },
            {},
            own,
          ),
        ),
      );
      for (const response of burst) {
        expect([200, 503], response.body).toContain(response.statusCode);
        if (response.statusCode === 503) {
          expect(response.json()).toHaveProperty('error');
          expect(response.headers['retry-after']).toMatch(/^\d+$/);
        }
      }
      // One token's share of the renderer: half of the 2 pages and half of the queue of 8.
      expect(burst.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(5);

      const [pid] = chromiumChildren();
      expect(pid).toBeDefined();
      const pending = convert({ content: `${SMALL_DIAGRAM}\n    Bob->>Alice: killed` }, {}, own);
      process.kill(pid!, 'SIGKILL');
      const during = await pending;
      if (during.statusCode !== 200) {
        expect(during.statusCode).toBe(503);
        expect(during.json()).toHaveProperty('error');
      }
      const after = await convert({ content: `${SMALL_DIAGRAM}\n    Bob->>Alice: after` }, {}, own);
      expect(after.statusCode, after.body).toBe(200);
    });
  });

  it('answers 429 with Retry-After once a token used up its calls for the minute', async () => {
    const own = await tokenFor(`limit-${Math.random()}@example.test`);
    const statuses: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i += 1) {
      statuses.push((await convert({ content: SMALL_DIAGRAM, format: 'gif' }, {}, own)).statusCode);
    }
    expect(statuses.slice(0, PER_MINUTE).every((s) => s === 400)).toBe(true);
    const limited = await convert({ content: SMALL_DIAGRAM }, {}, own);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toHaveProperty('error');
    // Another token is counted on its own.
    expect((await convert({ content: SMALL_DIAGRAM, format: 'gif' })).statusCode).toBe(400);
  });

  it('publishes an OpenAPI 3.1 document of every call with its parameters', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<
        string,
        {
          post?: {
            requestBody: {
              content: Record<
                string,
                {
                  schema: {
                    properties: Record<string, { default?: unknown; maxLength?: number }>;
                    required?: string[];
                  };
                }
              >;
            };
            responses: Record<string, { headers?: Record<string, unknown> }>;
          };
        }
      >;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toMatch(/^3\.1\./);
    const apiPaths = Object.keys(doc.paths).filter((path) => path.startsWith('/api/v1/'));
    expect(apiPaths.sort()).toEqual([
      '/api/v1/convert',
      '/api/v1/diagrams',
      '/api/v1/diagrams/{id}',
      '/api/v1/diagrams/{id}/check-trace',
      '/api/v1/diagrams/{id}/comments',
      '/api/v1/diagrams/{id}/comments/{commentId}',
      '/api/v1/diagrams/{id}/diff',
      '/api/v1/diagrams/{id}/sharing',
      '/api/v1/diagrams/{id}/versions',
      '/api/v1/diagrams/{id}/versions/{versionId}/restore',
      '/api/v1/folders',
      '/api/v1/import/trace',
    ]);
    const convertBody =
      doc.paths['/api/v1/convert']!.post!.requestBody.content['application/json']!.schema;
    expect(Object.keys(convertBody.properties).sort()).toEqual([
      'background',
      'content',
      'format',
      'height',
      'landscape',
      'paceMs',
      'paper',
      'steps',
      'theme',
      'title',
      'width',
    ]);
    expect(convertBody.required).toEqual(['content']);
    expect(convertBody.properties.width!.default).toBe(1200);
    expect(convertBody.properties.height!.default).toBe(630);
    expect(convertBody.properties.format!.default).toBe('png');
    expect(Object.keys(doc.paths['/api/v1/convert']!.post!.responses)).toContain('200');
    // The real limits: the renderer draws 50,000 characters; a stored diagram holds 1,000,000.
    expect(convertBody.properties.content!.maxLength).toBe(50_000);
    expect(doc.paths['/api/v1/convert']!.post!.responses['200']!.headers).toHaveProperty(
      'X-Render-Fallback',
    );
    const diagramBody =
      doc.paths['/api/v1/diagrams']!.post!.requestBody.content['application/json']!.schema;
    expect(Object.keys(diagramBody.properties).sort()).toEqual(['content', 'folderId', 'title']);
    expect(diagramBody.properties.title!.default).toBe('API Created Diagram');
    expect(diagramBody.properties.content!.maxLength).toBe(1_000_000);
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
  });

  it("renders the docs page from the document, with no script but the app's own theme script", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    for (const text of [
      '/api/v1/diagrams',
      '/api/v1/convert',
      'API Created Diagram',
      '1200',
      '630',
      'curl -X POST',
      'Authorization: Bearer',
    ]) {
      expect(response.body).toContain(text);
    }
    expect(response.body).toContain('/api/v1/import/trace');
    // One script: the app's own theme script from this origin, nothing inline, nothing from elsewhere.
    const scripts = response.body.match(/<script[^>]*>/gi) ?? [];
    expect(scripts).toEqual(['<script src="/theme-init.js">']);
    expect(response.body).not.toMatch(/<script>/i);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/https?:\/\/(?!localhost)[^'"\s<]*\.(js|css)/);
  });
});
