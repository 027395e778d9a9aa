/**
 * What changed between two versions: GET /api/v1/diagrams/{id}/diff (bearer) and
 * GET /api/diagrams/{id}/diff (History), as JSON and as the marked drawing of a real Chromium.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { VersionDiffReply } from '../../shared/diagram-diff/schema.js';
import type { Diagram } from '../../shared/schemas.js';
import type { VersionSummary } from '../../shared/versions.js';
import type { Database } from '../db/client.js';
import { apiTokenOf, injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { fileRenderer } from '../../../test/support/render-support.js';
import { CART_V1, CART_V1_TO_V2, CART_V2 } from '../../../test/fixtures/versions.js';
import { readFixture } from '../../../test/fixtures/diagrams.js';
import { describeEach, describeIf } from '../../../test/support/needs.js';

const chromium = fileRenderer();

/** The elements of an SVG carrying a class, each as its tag and text. */
function marked(svg: string, mark: string): string[] {
  const found: string[] = [];
  // Opening tags with the class; the text up to the next tag. Linear: each run is [^…]*.
  const tag = new RegExp(`<(\\w+)[^>]*class="[^"]*lifeline-diff-${mark}[^"]*"[^>]*>([^<]*)`, 'g');
  for (const match of svg.matchAll(tag)) found.push(`${match[1]}:${match[2]?.trim() ?? ''}`);
  return found;
}

describeEach(testDatabases, 'diff of two versions on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;
  let stranger: string;
  let ownerToken: string;
  let strangerToken: string;
  let diagram: Diagram;
  let versions: VersionSummary[];
  let otherVersion: number;

  const tokenOf = (cookie: string) => apiTokenOf(app, cookie);
  const api = (url: string, token = ownerToken) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const session = (cookie: string, options: InjectOptions) =>
    injectWithCookie(app, options, cookie);
  const diffUrl = (from: number, to: number, extra = '', id = diagram.id) =>
    `/api/v1/diagrams/${id}/diff?from=${from}&to=${to}${extra}`;

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { renderer: chromium.renderer() });
    owner = await signInLocally(app, 'diff-owner@example.test');
    stranger = await signInLocally(app, 'diff-stranger@example.test');
    ownerToken = await tokenOf(owner);
    strangerToken = await tokenOf(stranger);
    diagram = (
      await session(owner, {
        method: 'POST',
        url: '/api/diagrams',
        payload: { title: 'Cart', content: CART_V1 },
      })
    ).json();
    const saved = await session(owner, {
      method: 'PUT',
      url: `/api/diagrams/${diagram.id}`,
      payload: { content: CART_V2 },
    });
    expect(saved.statusCode).toBe(200);
    versions = (
      await session(owner, { method: 'GET', url: `/api/diagrams/${diagram.id}/versions` })
    ).json();
    expect(versions).toHaveLength(2);
    const other: Diagram = (
      await session(owner, {
        method: 'POST',
        url: '/api/diagrams',
        payload: { title: 'Other', content: 'sequenceDiagram\n  A->>B: x' },
      })
    ).json();
    otherVersion = (
      (
        await session(owner, { method: 'GET', url: `/api/diagrams/${other.id}/versions` })
      ).json() as VersionSummary[]
    )[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const older = () => versions[1]!.id;
  const newer = () => versions[0]!.id;

  it('answers the structured changes as JSON', async () => {
    const response = await api(diffUrl(older(), newer()));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as VersionDiffReply;
    expect(body).toMatchObject({ diagramId: diagram.id, from: older(), to: newer() });
    expect(body.diff).toMatchObject({
      kind: 'sequence',
      summary: CART_V1_TO_V2,
      participants: { added: ['Db'], removed: [], renamed: [] },
      notes: [],
      blocks: [],
      bounded: false,
    });
    if (body.diff.kind !== 'sequence') throw new Error('not a sequence diff');
    expect(body.diff.messages.map((m) => [m.change, m.before?.label, m.after?.label])).toEqual([
      ['removed', 'audit ping', undefined],
      ['added', undefined, 'SELECT cart'],
      ['changed', '200 cart', '200 OK'],
    ]);
  });

  it('answers the same through History with a session', async () => {
    const response = await session(owner, {
      method: 'GET',
      url: `/api/diagrams/${diagram.id}/diff?from=${older()}&to=${newer()}`,
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as VersionDiffReply).diff.summary).toBe(CART_V1_TO_V2);
  });

  it('answers 404 to a stranger, for a version of another diagram, and for no version', async () => {
    for (const response of [
      await api(diffUrl(older(), newer()), strangerToken),
      await session(stranger, {
        method: 'GET',
        url: `/api/diagrams/${diagram.id}/diff?from=${older()}&to=${newer()}`,
      }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Diagram not found' });
    }
    for (const url of [
      diffUrl(older(), otherVersion),
      diffUrl(otherVersion, newer()),
      diffUrl(older(), 2_000_000_000),
    ]) {
      const response = await api(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Version not found' });
    }
  });

  it.each([
    ['', 'from must be a whole number'],
    ['?from=1', 'to must be a whole number'],
    ['?from=x&to=1', 'from must be a whole number'],
    ['?from=1&to=0', 'to must be a positive whole number'],
    ['?from=1&to=2&format=png', "format must be 'json' or 'svg'"],
    ['?from=1&to=2&format=svg&theme=pink', "theme must be 'light' or 'dark'"],
  ])('answers 400 for the query %j', async (query, message) => {
    const response = await api(`/api/v1/diagrams/${diagram.id}/diff${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ method: 'GET', url: diffUrl(older(), newer()) });
    expect(response.statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operation = document.paths['/api/v1/diagrams/{id}/diff']?.get;
    expect(operation?.summary).toBe('What changed between two versions');
    expect(operation?.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'format',
      'from',
      'id',
      'theme',
      'to',
    ]);
  });

  describeIf(chromium.skip, 'with Chromium', () => {
    it('draws the new version with added, removed and changed elements marked', async () => {
      const response = await api(diffUrl(older(), newer(), '&format=svg'));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      const svg = response.body;
      expect(marked(svg, 'added')).toEqual(
        expect.arrayContaining(['text:SELECT cart', expect.stringMatching(/^(line|path):$/)]),
      );
      // Db: its box at the top and at the bottom, and its lifeline.
      expect(marked(svg, 'added').filter((m) => m.startsWith('g:'))).toHaveLength(2);
      expect(svg).toMatch(
        /<line[^>]*name="Db"[^>]*class="[^"]*lifeline-diff-added|<line[^>]*class="[^"]*lifeline-diff-added[^"]*"[^>]*name="Db"/,
      );
      expect(marked(svg, 'removed')).toEqual(
        expect.arrayContaining(['text:audit ping', expect.stringMatching(/^(line|path):$/)]),
      );
      expect(marked(svg, 'changed')).toEqual(
        expect.arrayContaining(['text:200 OK', expect.stringMatching(/^(line|path):$/)]),
      );
      for (const unchanged of ['GET /cart', 'Web']) {
        expect(svg).toContain(unchanged);
        expect(marked(svg, '(?:added|removed|changed|moved)').join()).not.toContain(unchanged);
      }
      expect(svg).toContain('#047857');
    });

    it('marks the right messages and notes of a diagram with blocks, notes and autonumber', async () => {
      const before = readFixture('medium.mmd');
      const after = before
        .replace('    P7->>P5: message 3 payload=140209\n', '')
        .replace('message 14 payload=153157', 'message 14 renamed')
        .replace('Note right of P8: note no. 9', 'Note right of P8: note no. 9 (checked)')
        .replace(
          '    P1->>P5: message 1 payload=375660\n',
          '    P1->>P5: message 1 payload=375660\n    P1->>P8: a new one\n',
        );
      const created: Diagram = (
        await session(owner, {
          method: 'POST',
          url: '/api/diagrams',
          payload: { title: 'Medium', content: before },
        })
      ).json();
      await session(owner, {
        method: 'PUT',
        url: `/api/diagrams/${created.id}`,
        payload: { content: after },
      });
      const [to, from] = (
        await session(owner, { method: 'GET', url: `/api/diagrams/${created.id}/versions` })
      ).json() as VersionSummary[];
      const json = (
        await api(diffUrl(from!.id, to!.id, '', created.id))
      ).json() as VersionDiffReply;
      expect(json.diff.summary).toBe('1 message added, 1 removed, 1 label changed, 1 note changed');
      const svg = (await api(diffUrl(from!.id, to!.id, '&format=svg', created.id))).body;
      const texts = (mark: string) => marked(svg, mark).filter((m) => m.startsWith('text:'));
      expect(texts('added')).toEqual(['text:a new one']);
      expect(texts('removed')).toEqual(['text:message 3 payload=140209']);
      expect(texts('changed')).toEqual(['text:message 14 renamed']);
      // A note is marked on its group: its box and its text.
      const notes = [...svg.matchAll(/<g[^>]*class="lifeline-diff-(\w+)"[^>]*>(.*?)<\/g>/gs)]
        .filter(([, , inner]) => inner?.includes('class="note"'))
        .map(([, mark, inner]) => `${mark}:${(inner ?? '').replace(/<[^>]*>/g, '').trim()}`);
      expect(notes).toEqual(['changed:note no. 9 (checked)']);
    });

    it('draws in the dark theme with its own shades', async () => {
      const response = await api(diffUrl(older(), newer(), '&format=svg&theme=dark'));
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('#6ee7b7');
      expect(response.body).not.toContain('#047857');
    });

    it('draws the marked drawing for History too, and 404 for a stranger', async () => {
      const url = `/api/diagrams/${diagram.id}/diff?from=${older()}&to=${newer()}&format=svg`;
      const mine = await session(owner, { method: 'GET', url });
      expect(mine.statusCode).toBe(200);
      expect(marked(mine.body, 'removed').join()).toContain('audit ping');
      expect((await session(stranger, { method: 'GET', url })).statusCode).toBe(404);
    });
  });
});
