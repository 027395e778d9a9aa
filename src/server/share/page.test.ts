import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

const SHELL = `<!doctype html><html><head><title>Lifeline</title></head><body><div id="root"></div></body></html>`;

describeEach(testDatabases, '/d/{token} link previews on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'lifeline-shell-'));
    writeFileSync(join(clientDir, 'index.html'), SHELL);
    database = await open();
    app = await testApp(database, { clientDir, listenOrigin: 'http://lifeline.example' });
    const cookie = await signInLocally(app, 'sharer@example.test');
    const created = await app.inject({
      method: 'POST',
      url: '/api/diagrams',
      headers: { cookie },
      payload: {
        title: 'Checkout <flow> & "more"',
        content: 'sequenceDiagram\nA->>B: pay\nB-->>A: ok',
      },
    });
    const shared = await app.inject({
      method: 'PUT',
      url: `/api/diagrams/${created.json().id}`,
      headers: { cookie },
      payload: { isPublic: true },
    });
    token = shared.json().shareToken;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers the app shell with Open Graph and Twitter card tags, escaped', async () => {
    const response = await app.inject({ method: 'GET', url: `/d/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain(
      '<title>Checkout &lt;flow&gt; &amp; &quot;more&quot; · Lifeline</title>',
    );
    expect(html).toContain(
      '<meta property="og:title" content="Checkout &lt;flow&gt; &amp; &quot;more&quot;" />',
    );
    expect(html).toContain(
      '<meta property="og:description" content="Sequence diagram · 2 participants · 2 messages, shared with Lifeline." />',
    );
    expect(html).toContain(
      `<meta property="og:url" content="http://lifeline.example/d/${token}" />`,
    );
    expect(html).toContain('<meta name="twitter:card"');
    expect(html).toContain('<meta name="twitter:title"');
    expect(html).not.toContain('<flow>');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(/;\s*/).find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it("describes the diagram in its author's words when the text has accDescr", async () => {
    const cookie = await signInLocally(app, 'described@example.test');
    const created = await app.inject({
      method: 'POST',
      url: '/api/diagrams',
      headers: { cookie },
      payload: {
        title: 'Pay',
        content: 'sequenceDiagram\naccDescr: How a card <payment> is authorised\nA->>B: pay',
      },
    });
    const shared = await app.inject({
      method: 'PUT',
      url: `/api/diagrams/${created.json().id}`,
      headers: { cookie },
      payload: { isPublic: true },
    });
    const html = (await app.inject({ method: 'GET', url: `/d/${shared.json().shareToken}` })).body;
    expect(html).toContain(
      '<meta name="description" content="How a card &lt;payment&gt; is authorised (Sequence diagram · 2 participants · 1 message), shared with Lifeline." />',
    );
  });

  it('puts a title with $ replacement patterns in literally, at normal size', async () => {
    const cookie = await signInLocally(app, 'dollars@example.test');
    const title = '$`'.repeat(96) + "$&$'$$";
    const created = await app.inject({
      method: 'POST',
      url: '/api/diagrams',
      headers: { cookie },
      payload: { title, content: 'sequenceDiagram\nA->>B: pay' },
    });
    const shared = await app.inject({
      method: 'PUT',
      url: `/api/diagrams/${created.json().id}`,
      headers: { cookie },
      payload: { isPublic: true },
    });
    const response = await app.inject({ method: 'GET', url: `/d/${shared.json().shareToken}` });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(SHELL.length + 10 * title.length + 4_000);
    const escaped = title.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
    expect(response.body).toContain(`<title>${escaped} · Lifeline</title>`);
    expect(response.body).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(response.body.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('answers unknown and malformed tokens with the shell, 404 and no diagram details', async () => {
    for (const bad of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'x']) {
      const response = await app.inject({ method: 'GET', url: `/d/${bad}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('og:title');
    }
  });
});
