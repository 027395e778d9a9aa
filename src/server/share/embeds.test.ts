import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { openPglite } from '../../../test/support/databases.js';
import { findChromium } from '../chromium-render/chromium.js';
import { createRenderer, type Renderer } from '../chromium-render/renderer.js';
import { pngStats } from '../../../test/support/render-support.js';
import { injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';

describe('public diagram images: /d/{token}.png and .svg, and the unfurl image', () => {
  let database: Database;
  let renderer: Renderer;
  let app: FastifyInstance;
  let cookie: string;
  let id: number;
  let token: string;

  /** A new diagram of the signed-in user, made public: its id and share token. */
  async function publish(title: string, content: string) {
    const created = await injectWithCookie(
      app,
      { method: 'POST', url: '/api/diagrams', payload: { title, content } },
      cookie,
    );
    const made: number = created.json().id;
    const shared = await injectWithCookie(
      app,
      { method: 'PUT', url: `/api/diagrams/${made}`, payload: { isPublic: true } },
      cookie,
    );
    return { id: made, token: shared.json().shareToken as string };
  }

  beforeAll(async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'lifeline-shell-'));
    writeFileSync(
      join(clientDir, 'index.html'),
      '<html><head><title>x</title></head><body></body></html>',
    );
    database = await openPglite();
    renderer = createRenderer({ executablePath: findChromium(), pages: 1 });
    app = await testApp(database, { clientDir, renderer });
    cookie = await signInLocally(app, 'embed@example.test');
    ({ id, token } = await publish('Embed me', 'sequenceDiagram\n  Alice->>Bob: Embedded hello'));
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await renderer?.close();
    await database?.close();
  });

  it('answers a 1200x630 PNG with the drawing, cacheable by ETag', async () => {
    const response = await app.inject({ method: 'GET', url: `/d/${token}.png` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const stats = pngStats(response.rawPayload);
    expect([stats.width, stats.height]).toEqual([1200, 630]);
    expect(stats.drawn).toBeGreaterThan(1000);
    const etag = String(response.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: `/d/${token}.png`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  }, 60_000);

  it('answers the SVG with the message text and a CSP that forbids script', async () => {
    const response = await app.inject({ method: 'GET', url: `/d/${token}.svg` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(response.body).toContain('Embedded hello');
  }, 60_000);

  it("answers the preview's own drawing for ?theme=light|dark: natural size, transparent", async () => {
    const sizeOf = (svg: string) => {
      const root = /<svg[^>]*>/.exec(svg)?.[0] ?? '';
      return [/\swidth="([\d.]+)"/.exec(root)?.[1], /\sheight="([\d.]+)"/.exec(root)?.[1]];
    };
    const light = await app.inject({ method: 'GET', url: `/d/${token}.svg?theme=light` });
    const dark = await app.inject({ method: 'GET', url: `/d/${token}.svg?theme=dark` });
    const preview = await app.inject({ method: 'GET', url: `/d/${token}.svg` });
    for (const response of [light, dark]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Embedded hello');
      // No background of its own: it sits on the page's.
      expect(/<svg[^>]*>/.exec(response.body)?.[0]).not.toContain('background-color');
      const [width, height] = sizeOf(response.body);
      // The drawing's own size, not the 1200x630 link-preview image.
      expect(Number(width)).toBeGreaterThan(100);
      expect(Number(width)).toBeLessThan(1200);
      expect(Number(height)).toBeLessThan(630);
    }
    expect(sizeOf(preview.body)).toEqual(['1200', '630']);
    expect(light.headers.etag).not.toBe(dark.headers.etag);
    expect(light.body).not.toBe(dark.body);
    const bad = await app.inject({ method: 'GET', url: `/d/${token}.svg?theme=sepia` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "theme must be 'light' or 'dark'" });
  }, 60_000);

  it("draws a just-published diagram's page images before its first visitor asks", async () => {
    const { token: warmToken } = await publish('Warm', 'sequenceDiagram\n  Ann->>Ben: drawn ahead');
    const idle = () => {
      const load = renderer.load();
      return load.waiting === 0 && Object.values(load.running).every((count) => count === 0);
    };
    const deadline = Date.now() + 30_000;
    while (!idle() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    for (const theme of ['light', 'dark']) {
      const response = await app.inject({
        method: 'GET',
        url: `/d/${warmToken}.svg?theme=${theme}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-render-cache'], theme).toBe('hit');
    }
    // The link-preview image is not drawn ahead: only what the page shows.
    const preview = await app.inject({ method: 'GET', url: `/d/${warmToken}.svg` });
    expect(preview.headers['x-render-cache']).toBe('miss');
  }, 60_000);

  it('points the Open Graph image at the PNG, on the app’s own address (never the Host header)', async () => {
    const page = await app.inject({
      method: 'GET',
      url: `/d/${token}`,
      headers: { host: 'lifeline.example' },
    });
    expect(page.body).toContain(
      `<meta property="og:image" content="http://localhost:3000/d/${token}.png" />`,
    );
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('answers 404 once the diagram is private, and for unknown tokens', async () => {
    await injectWithCookie(
      app,
      { method: 'PUT', url: `/api/diagrams/${id}`, payload: { isPublic: false } },
      cookie,
    );
    for (const url of [`/d/${token}.png`, `/d/${token}.svg`, '/d/AAAAAAAAAAAAAAAAAAAAAAAA.png']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'Diagram not found' });
    }
  });
});
