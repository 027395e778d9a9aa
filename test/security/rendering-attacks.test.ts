/**
 * Rendering attacks on the server renderer: the known mermaid XSS payloads sent through
 * POST /api/v1/convert and drawn at /d/{token}.svg. Every payload tries to reach a local canary
 * server. The SVG answered holds no script, event handler or javascript: link, carries a CSP that
 * forbids script, and opened as a document in Chromium runs nothing; PNG renders reach nothing.
 */
import type { FastifyInstance } from 'fastify';
import { chromium as playwright, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../src/server/chromium-render/chromium.js';
import { createRenderer, type Renderer } from '../../src/server/chromium-render/renderer.js';
import { SVG_CSP } from '../../src/server/chromium-render/send-image.js';
import { countingServer, type CountingServer } from '../support/render-support.js';
import type { Database } from '../../src/server/db/client.js';
import { openPglite } from '../support/databases.js';
import { testApp } from '../support/app.js';
import { makeWorld, type World } from '../support/world.js';
import { xssPayloads, type XssPayload } from '../support/xss-payloads.js';
import { diagramWriter } from '../../src/server/diagrams/writer.js';
import { usersStore } from '../../src/server/users/store.js';

const executablePath = findChromium();
const APP_SECRET = 'rendering-attacks-secret-0123456789abcdefgh';

/** JavaScript without quotes that requests `${url}/${n}` when it runs. */
const probe = (url: string) => (n: number) =>
  `fetch(String.fromCharCode(${[...`${url}/${n}`].map((c) => c.charCodeAt(0)).join(',')}))`;

describe('rendering attacks on the server renderer', () => {
  let database: Database;
  let app: FastifyInstance;
  let renderer: Renderer;
  let browser: Browser;
  let canary: CountingServer;
  let world: World;
  let origin: string;
  let payloads: XssPayload[];
  const shareTokens: string[] = [];

  beforeAll(async () => {
    if (!executablePath) throw new Error('These tests need Chromium (set CHROME_PATH).');
    canary = await countingServer();
    payloads = xssPayloads(probe(canary.url));
    renderer = createRenderer({ executablePath, pages: 1, queue: 16, cacheBytes: 0 });
    database = await openPglite();
    app = await testApp(database, { renderer, appSecret: APP_SECRET });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    world = await makeWorld(database.db, APP_SECRET);
    const owner = await usersStore(database.db).findById(world.ownerId);
    const store = diagramWriter(database.db);
    for (const payload of payloads) {
      const diagram = await store.create(owner!, { title: payload.name, content: payload.content });
      const shared = await store.update(owner!, diagram.id, { isPublic: true });
      shareTokens.push(shared!.shareToken!);
    }
    browser = await playwright.launch({ executablePath, args: CHROMIUM_ARGS });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await renderer?.close();
    await database?.close();
    await canary?.close();
  });

  const convert = (content: string, format: 'svg' | 'png') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/convert',
      headers: world.headers.ownerToken,
      payload: { content, format },
    });

  it('answers every payload as an inert SVG or a clear 400, and as a PNG that reached nothing', async () => {
    for (const payload of payloads) {
      for (const format of ['svg', 'png'] as const) {
        const response = await convert(payload.content, format);
        const label = `${payload.name} (${format}) → ${response.statusCode}`;
        expect([200, 400], label).toContain(response.statusCode);
        if (response.statusCode === 400) {
          expect(response.json(), label).toEqual({ error: expect.any(String) });
          continue;
        }
        if (format === 'svg') {
          expect(response.headers['content-security-policy'], label).toBe(SVG_CSP);
          const svg = response.body;
          expect(svg, label).not.toMatch(/<script/i);
          expect(svg, label).not.toMatch(/\son[a-z]+\s*=/i);
          expect(svg, label).not.toMatch(/javascript:/i);
          expect(svg, label).not.toMatch(/<iframe|<foreignObject[^>]*>\s*<iframe/i);
        }
      }
    }
    expect(canary.hits()).toBe(0);
  }, 180_000);

  it('drops hostile style values in sequence diagrams and does bounded work for many statements', async () => {
    const fetchCanary = (n: number) => `${canary.url}/style-${n}`;
    const hostile = [
      'sequenceDiagram',
      `    classDef evil fill:url(${fetchCanary(1)}),stroke:url("${fetchCanary(2)}")`,
      `    classDef evil2 color:red;}@import url(${fetchCanary(3)});{`,
      '    participant A',
      '    participant B',
      '    class A evil',
      '    class B evil2',
      `    style A fill:expression(fetch('${fetchCanary(4)}')),opacity:${'9'.repeat(20_000)}`,
      `    style Ghost fill:#f00`,
      '    A->>B: hi',
      `    linkStyle 0 stroke:red;}</style><style>*{background:url(${fetchCanary(5)})}</style>`,
      `    linkStyle 123456789012 stroke:#f00`,
    ].join('\n');
    const many = ['sequenceDiagram', '    participant A', '    A->>A: one'];
    for (let i = 0; many.join('\n').length < 49_000; i++) {
      many.push(i % 2 ? `    linkStyle default stroke:#00${i % 10}` : `    style N${i} fill:#fff`);
    }
    for (const content of [hostile, many.join('\n')]) {
      for (const format of ['svg', 'png', 'pdf'] as const) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/convert',
          headers: world.headers.ownerToken,
          payload: { content, format },
        });
        expect(response.statusCode, `${format}: ${response.body.slice(0, 200)}`).toBe(200);
        if (format !== 'svg') continue;
        const svg = response.body;
        expect(svg).not.toMatch(/<script|expression|@import|url\((?!#)|onerror|99999/i);
        expect(svg).not.toContain(canary.url);
      }
    }
    expect(canary.hits()).toBe(0);
  }, 180_000);

  it('serves /d/{token}.svg with a CSP that forbids script, and opened in Chromium it runs nothing', async () => {
    const context = await browser.newContext();
    const dialogs: string[] = [];
    context.on('page', (page) => page.on('dialog', (d) => void dialogs.push(d.message())));
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const [index, token] of shareTokens.entries()) {
      const response = await page.goto(`${origin}/d/${token}.svg`);
      const label = payloads[index]!.name;
      if (response?.status() === 400) continue; // mermaid refused the text
      expect(response?.status(), label).toBe(200);
      const policy = response!.headers()['content-security-policy'];
      expect(policy, label).toBe(SVG_CSP);
      expect(policy).not.toMatch(/script-src|unsafe-inline[^;]*script/);
      // Click everything a viewer could click.
      for (const target of await page.locator('a, .node, text, g').all()) {
        await target.click({ force: true, timeout: 500 }).catch(() => undefined);
      }
      expect(
        await page.evaluate(() => Object.keys(globalThis).filter((k) => k.startsWith('__'))),
      ).toEqual([]);
    }
    await page.waitForLoadState('networkidle');
    expect(dialogs).toEqual([]);
    expect(canary.hits()).toBe(0);
    await context.close();
  }, 180_000);

  it('control: the probe is seen when an SVG runs script, and our SVG CSP stops it', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>${probe(canary.url)(99)}</script></svg>`;
    const { createServer } = await import('node:http');
    const server = createServer((request, response) => {
      response.setHeader('Content-Type', 'image/svg+xml');
      if (request.url === '/with-csp.svg') response.setHeader('Content-Security-Policy', SVG_CSP);
      response.end(svg);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    const page = await browser.newPage();
    try {
      const before = canary.hits();
      await page.goto(`http://127.0.0.1:${address.port}/with-csp.svg`);
      await page.waitForLoadState('networkidle');
      expect(canary.hits()).toBe(before);
      await page.goto(`http://127.0.0.1:${address.port}/without.svg`);
      await expect.poll(() => canary.hits()).toBe(before + 1);
    } finally {
      await page.close();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});
