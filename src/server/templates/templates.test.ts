import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TEMPLATES } from '../../shared/templates.js';
import type { Database } from '../db/client.js';
import { openPglite } from '../../../test/support/databases.js';
import { findChromium } from '../chromium-render/chromium.js';
import { createRenderer, type Renderer } from '../chromium-render/renderer.js';
import { testApp } from '../../../test/support/app.js';

describe('template images: /templates/{id}.svg', () => {
  let database: Database;
  let renderer: Renderer;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openPglite();
    renderer = createRenderer({ executablePath: findChromium(), pages: 1 });
    app = await testApp(database, { renderer });
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await renderer?.close();
    await database?.close();
  });

  it('draws each template in the light and the dark theme, to anyone, cacheable', async () => {
    const first = TEMPLATES[0]!;
    const light = await app.inject({ method: 'GET', url: `/templates/${first.id}.svg` });
    expect(light.statusCode).toBe(200);
    expect(light.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(light.body).toContain('<svg');
    // The template's own participants are in the drawing.
    expect(light.body).toContain('Alice');
    expect(light.headers['cache-control']).toBe('public, max-age=3600');
    const dark = await app.inject({ method: 'GET', url: `/templates/${first.id}.svg?theme=dark` });
    expect(dark.statusCode).toBe(200);
    expect(dark.body).not.toBe(light.body);
    const again = await app.inject({
      method: 'GET',
      url: `/templates/${first.id}.svg`,
      headers: { 'if-none-match': String(light.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    for (const template of TEMPLATES.slice(1)) {
      const response = await app.inject({ method: 'GET', url: `/templates/${template.id}.svg` });
      expect(response.statusCode, template.id).toBe(200);
    }
  });

  it('answers 404 for an unknown template and 400 for an unknown theme', async () => {
    const missing = await app.inject({ method: 'GET', url: '/templates/nope.svg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Template not found' });
    const odd = await app.inject({
      method: 'GET',
      url: `/templates/${TEMPLATES[0]!.id}.svg?theme=sepia`,
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ error: "theme must be 'light' or 'dark'" });
  });
});
