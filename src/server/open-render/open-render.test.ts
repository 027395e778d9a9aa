/**
 * The Kroki and mermaid.ink endpoints driven as their clients drive them: the encoders below are
 * written from the protocols' documentation (Kroki: zlib deflate, base64url; mermaid.ink and the
 * Mermaid Live Editor: base64 of the text or of a JSON state, or `pako:` and the deflated state).
 */
import { deflateRawSync, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { PDF_MARGIN_PX } from '../chromium-render/capture.js';
import { findChromium } from '../chromium-render/chromium.js';
import { createRenderer, type Renderer } from '../chromium-render/renderer.js';
import { apiTokenOf, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { COMMENT_BREAKS_DIAGRAM } from '../../../test/support/render-support.js';
import { MAX_ENCODED_CHARS, OPEN_RENDER_OFF } from './routes.js';

const DIAGRAM = 'sequenceDiagram\n    Alice->>Bob: Hello Bob\n    Bob-->>Alice: Hi Alice';

const base64url = (bytes: Uint8Array) =>
  Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
/** Kroki's documented encoding: deflate at level 9, base64, "+" and "/" made URL-safe. */
const kroki = (text: string) => base64url(deflateSync(Buffer.from(text, 'utf8'), { level: 9 }));
/** The Mermaid Live Editor's pako state: deflated JSON, base64url without padding. */
const pako = (state: object) =>
  'pako:' +
  base64url(deflateSync(Buffer.from(JSON.stringify(state)), { level: 9 })).replace(/=+$/, '');
const plain = (text: string) => Buffer.from(text, 'utf8').toString('base64');

const PNG_SIGNATURE = '89504e470d0a1a0a';
const isPng = (body: Buffer) => body.subarray(0, 8).toString('hex') === PNG_SIGNATURE;
const isJpeg = (body: Buffer) => body.subarray(0, 3).toString('hex') === 'ffd8ff';
const isWebp = (body: Buffer) =>
  body.subarray(0, 4).toString('latin1') === 'RIFF' &&
  body.subarray(8, 12).toString('latin1') === 'WEBP';
const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-';
/** The first page's size in points, from its MediaBox. */
function pdfPageSize(body: Buffer): { width: number; height: number } {
  const match = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(
    body.toString('latin1'),
  );
  if (!match) throw new Error('no MediaBox in the PDF');
  return {
    width: Number(match[3]) - Number(match[1]),
    height: Number(match[4]) - Number(match[2]),
  };
}
function pngSize(body: Buffer): { width: number; height: number } {
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

let renderer: Renderer;
beforeAll(() => {
  renderer = createRenderer({ executablePath: findChromium(), queue: 16 });
});
afterAll(async () => {
  await renderer?.close();
});

const [pglite] = testDatabases;

describe('open render endpoints', () => {
  let database: Database;
  let app: FastifyInstance;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    database = await pglite!.open();
    app = await testApp(database, { renderer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('Kroki', () => {
    it('draws an encoded diagram as SVG, content-addressed and cacheable for good', async () => {
      const url = `/kroki/mermaid/svg/${kroki(DIAGRAM)}`;
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.body).toContain('Hello Bob');
      expect(response.body).toContain('Hi Alice');
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // Another text is another address and another ETag.
      const other = await get(`/kroki/mermaid/svg/${kroki(DIAGRAM.replace('Bob', 'Carol'))}`);
      expect(other.headers.etag).not.toBe(etag);
    });

    it('draws a text that fails only for a comment line, as the preview does, saying so', async () => {
      const response = await get(`/kroki/mermaid/svg/${kroki(COMMENT_BREAKS_DIAGRAM)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain('Drawn without the comment');
      expect(response.headers['x-render-fallback']).toBe('comments-removed');
      expect((await get(`/kroki/mermaid/svg/${kroki(DIAGRAM)}`)).headers).not.toHaveProperty(
        'x-render-fallback',
      );
    });

    it('reads zlib streams from any client: level 1, raw deflate, padded or not', async () => {
      const level1 = base64url(deflateSync(Buffer.from(DIAGRAM), { level: 1 }));
      const raw = base64url(deflateRawSync(Buffer.from(DIAGRAM)));
      for (const encoded of [level1, level1.replace(/=+$/, ''), raw]) {
        const response = await get(`/kroki/mermaid/svg/${encoded}`);
        expect(response.statusCode, encoded).toBe(200);
        expect(response.body).toContain('Hello Bob');
      }
    });

    it('draws PNG and a PDF page fitted to the diagram', async () => {
      const png = await get(`/kroki/mermaid/png/${kroki(DIAGRAM)}`);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(isPng(png.rawPayload)).toBe(true);
      const pdf = await get(`/kroki/mermaid/pdf/${kroki(DIAGRAM)}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(isPdf(pdf.rawPayload)).toBe(true);
      // Fitted: the page is about as large as the drawing with its margin on every side
      // (points = 0.75 × CSS pixels).
      const page = pdfPageSize(pdf.rawPayload);
      const drawing = pngSize(png.rawPayload);
      const margins = 2 * PDF_MARGIN_PX;
      expect(Math.abs(page.width - (drawing.width + margins) * 0.75)).toBeLessThan(3);
      expect(Math.abs(page.height - (drawing.height + margins) * 0.75)).toBeLessThan(3);
    });

    it('takes the text as a POST body, with the format in the path or the Accept header', async () => {
      const body = await app.inject({
        method: 'POST',
        url: '/kroki/mermaid/svg',
        headers: { 'content-type': 'text/plain' },
        payload: DIAGRAM,
      });
      expect(body.statusCode).toBe(200);
      expect(body.body).toContain('Hello Bob');
      const accept = await app.inject({
        method: 'POST',
        url: '/kroki/mermaid',
        headers: { 'content-type': 'text/plain', accept: 'application/pdf' },
        payload: DIAGRAM,
      });
      expect(accept.statusCode).toBe(200);
      expect(isPdf(accept.rawPayload)).toBe(true);
    });

    it('takes the JSON form with diagram options', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/kroki/',
        payload: {
          diagram_source: DIAGRAM,
          diagram_type: 'mermaid',
          output_format: 'png',
          diagram_options: { theme: 'dark' },
        },
      });
      expect(response.statusCode).toBe(200);
      expect(isPng(response.rawPayload)).toBe(true);
      const svg = await app.inject({
        method: 'POST',
        url: '/kroki/',
        payload: { diagram_source: DIAGRAM, diagram_type: 'mermaid', output_format: 'svg' },
      });
      expect(svg.body).toContain('Hi Alice');
    });

    it('answers every bad input with 400 and a plain-text message', async () => {
      const cases: [string, RegExp][] = [
        [`/kroki/plantuml/svg/${kroki('@startuml\nA -> B\n@enduml')}`, /mermaid diagrams only/],
        [`/kroki/mermaid/jpeg/${kroki(DIAGRAM)}`, /svg, png, pdf/],
        ['/kroki/mermaid/svg/not*base64!', /not valid base64/],
        [`/kroki/mermaid/svg/${kroki(DIAGRAM).slice(0, 20)}`, /deflate-compressed|cut short/],
        [`/kroki/mermaid/svg/${base64url(Buffer.from(DIAGRAM))}`, /deflate-compressed/],
        [`/kroki/mermaid/svg/${kroki('sequenceDiagram\n  A->>: ::')}`, /Parse error|error/i],
        [`/kroki/mermaid/svg/${kroki(DIAGRAM)}?shape=round`, /Unknown diagram option "shape"/],
        [`/kroki/mermaid/svg/${kroki(DIAGRAM)}?theme=pink`, /theme must be one of/],
        [`/kroki/mermaid/svg/${kroki('x'.repeat(50_001))}`, /Maximum text size/],
      ];
      for (const [url, message] of cases) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.headers['content-type'], url).toMatch(/^text\/plain/);
        expect(response.body, url).toMatch(message);
      }
      const json = await app.inject({
        method: 'POST',
        url: '/kroki/',
        payload: '{"diagram_',
        headers: { 'content-type': 'application/json' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.headers['content-type']).toMatch(/^text\/plain/);
      const missing = await app.inject({
        method: 'POST',
        url: '/kroki/',
        payload: { diagram_type: 'mermaid' },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toMatch(/diagram_source/);
      const empty = await app.inject({
        method: 'POST',
        url: '/kroki/mermaid/svg',
        headers: { 'content-type': 'text/plain' },
        payload: '',
      });
      expect(empty.statusCode).toBe(400);
    });

    it('stops a deflate bomb without inflating it whole', async () => {
      const bomb = kroki('a'.repeat(8 * 1024 * 1024));
      expect(bomb.length).toBeLessThan(MAX_ENCODED_CHARS);
      const response = await get(`/kroki/mermaid/svg/${bomb}`);
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/inflates to more than 1 MB/);
    });

    it('caps the URL and the body', async () => {
      const long = await get(`/kroki/mermaid/svg/${'A'.repeat(MAX_ENCODED_CHARS + 4)}`);
      expect(long.statusCode).toBe(414);
      expect(long.body).toMatch(/send it with POST/);
      const big = await app.inject({
        method: 'POST',
        url: '/kroki/mermaid/svg',
        headers: { 'content-type': 'text/plain' },
        payload: 'x'.repeat(1024 * 1024 + 10),
      });
      expect(big.statusCode).toBe(413);
      expect(big.headers['content-type']).toMatch(/^text\/plain/);
    });
  });

  describe('mermaid.ink', () => {
    it('draws base64 text and a Live Editor pako state as SVG, with its theme', async () => {
      const fromText = await get(`/ink/svg/${plain(DIAGRAM)}`);
      expect(fromText.statusCode).toBe(200);
      expect(fromText.body).toContain('Hello Bob');
      const state = { code: DIAGRAM, mermaid: JSON.stringify({ theme: 'dark' }, null, 2) };
      const fromPako = await get(`/ink/svg/${pako(state)}`);
      expect(fromPako.statusCode).toBe(200);
      expect(fromPako.body).toContain('Hello Bob');
      expect(fromPako.headers.etag).not.toBe(fromText.headers.etag); // dark, not default
      const fromBase64State = await get(`/ink/svg/base64:${plain(JSON.stringify(state))}`);
      expect(fromBase64State.headers.etag).toBe(fromPako.headers.etag);
      const plainState = await get(`/ink/svg/${plain(JSON.stringify({ code: DIAGRAM }))}`);
      expect(plainState.headers.etag).toBe(fromText.headers.etag);
    });

    it('sizes and colours the image as asked', async () => {
      const wide = await get(`/ink/svg/${plain(DIAGRAM)}?width=400&bgColor=FF0000`);
      expect(wide.statusCode).toBe(200);
      expect(wide.body).toMatch(/<svg[^>]* width="400"/);
      expect(wide.body).toContain('background-color: #FF0000');
      const png = await get(`/ink/img/${plain(DIAGRAM)}?type=png&width=300&scale=2`);
      expect(pngSize(png.rawPayload).width).toBe(600);
      const named = await get(
        `/ink/img/${plain(DIAGRAM)}?type=png&bgColor=!black&width=50&height=50`,
      );
      const decoded = PNG.sync.read(named.rawPayload);
      expect([decoded.width, decoded.height]).toEqual([50, 50]);
      // The corner is background: black, as asked.
      expect([...decoded.data.subarray(0, 3)]).toEqual([0, 0, 0]);
    });

    it('answers JPEG by default, PNG and WebP on request', async () => {
      const jpeg = await get(`/ink/img/${plain(DIAGRAM)}`);
      expect(jpeg.headers['content-type']).toBe('image/jpeg');
      expect(isJpeg(jpeg.rawPayload)).toBe(true);
      const png = await get(`/ink/img/${plain(DIAGRAM)}?type=png`);
      expect(isPng(png.rawPayload)).toBe(true);
      const webp = await get(`/ink/img/${plain(DIAGRAM)}?type=webp`);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(isWebp(webp.rawPayload)).toBe(true);
    });

    it('prints a PDF on A4, landscape, another paper, or fitted', async () => {
      const a4 = pdfPageSize((await get(`/ink/pdf/${plain(DIAGRAM)}`)).rawPayload);
      // A4 is 595 × 842 points (Chromium rounds to whole pixels first).
      expect(Math.abs(a4.width - 595)).toBeLessThan(2);
      expect(Math.abs(a4.height - 842)).toBeLessThan(2);
      const landscape = pdfPageSize((await get(`/ink/pdf/${plain(DIAGRAM)}?landscape`)).rawPayload);
      expect(Math.abs(landscape.width - 842)).toBeLessThan(2);
      const a3 = pdfPageSize((await get(`/ink/pdf/${plain(DIAGRAM)}?paper=a3`)).rawPayload);
      expect(Math.abs(a3.width - 842)).toBeLessThan(2);
      const fit = pdfPageSize((await get(`/ink/pdf/${plain(DIAGRAM)}?fit`)).rawPayload);
      expect(fit.width).toBeLessThan(595);
      expect(fit.height).toBeLessThan(400);
    });

    it('answers every bad input with 400 and a plain-text message', async () => {
      const cases: [string, RegExp][] = [
        [`/ink/svg/zstd:${plain(DIAGRAM)}`, /Unknown encoding "zstd"/],
        [`/ink/svg/pako:${plain(DIAGRAM)}`, /deflate-compressed/],
        [`/ink/svg/pako:${base64url(deflateSync(Buffer.from('not json')))}`, /JSON diagram state/],
        [`/ink/svg/base64:${plain('{"mermaid": {}}')}`, /without a "code"/],
        ['/ink/svg/%%%', /base64|malformed/i],
        [
          `/ink/svg/${plain(DIAGRAM)}?scale=2`,
          /scale can only be set together with width or height/,
        ],
        [`/ink/svg/${plain(DIAGRAM)}?width=0`, /width must be a whole number/],
        [`/ink/svg/${plain(DIAGRAM)}?width=100000`, /width must be a whole number/],
        [`/ink/svg/${plain(DIAGRAM)}?bgColor=red`, /bgColor must be/],
        [`/ink/svg/${plain(DIAGRAM)}?bgColor=!red;x`, /bgColor must be/],
        [`/ink/img/${plain(DIAGRAM)}?type=gif`, /type must be one of jpeg, png, webp/],
        [`/ink/svg/${plain(DIAGRAM)}?paper=a4`, /Unknown option "paper"/],
        [`/ink/pdf/${plain(DIAGRAM)}?paper=a9`, /paper must be one of/],
        [`/ink/svg/${plain(DIAGRAM)}?theme=x`, /theme must be one of/],
        [`/ink/svg/${plain('graph TD\n  A-->')}`, /error/i],
      ];
      for (const [url, message] of cases) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.headers['content-type'], url).toMatch(/^text\/plain/);
        expect(response.body, url).toMatch(message);
      }
    });
  });

  it('describes the render server and PDF in the OpenAPI document and the reference page', async () => {
    const document = (await get('/api/v1/openapi.json')).json<{
      paths: Record<string, Record<string, { tags?: string[]; responses?: object }>>;
    }>();
    for (const path of [
      '/kroki/{type}/{format}/{encoded}',
      '/kroki/',
      '/ink/svg/{code}',
      '/ink/pdf/{code}',
    ]) {
      const operations = Object.values(document.paths[path] ?? {});
      expect(operations.length, path).toBeGreaterThan(0);
      expect(operations[0]?.tags).toEqual(['Render server']);
      expect(JSON.stringify(operations[0]?.responses)).toContain('application/pdf');
    }
    expect(JSON.stringify(document.paths['/api/v1/convert'])).toContain('application/pdf');
    const page = (await get('/api/docs')).body;
    expect(page).toContain('<code>/kroki/{type}/{format}/{encoded}</code>');
    expect(page).toContain('<code>pako:</code>');
    expect(page).toContain('/ink/svg/');
    // The examples are working URLs: the example diagram encoded as each protocol wants.
    expect(page).toMatch(/curl &#39;http:\/\/[^&]+\/kroki\/mermaid\/svg\/eN[\w-]+&#39;/);
    expect(page).not.toContain('{encoded}&#39;');
    // Inline code is shown as code, and limits read as a person would write them.
    const text = page.replace(/<pre>[\s\S]*?<\/pre>/g, '');
    expect(text).not.toContain('`');
    expect(page).not.toContain('at least 1 characters');
  });

  it('answers PDF through the public API convert too', async () => {
    const cookie = await signInLocally(app, 'pdf@example.test');
    const token = await apiTokenOf(app, cookie);
    const convert = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/convert',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const fitted = await convert({ content: DIAGRAM, format: 'pdf' });
    expect(fitted.statusCode).toBe(200);
    expect(fitted.headers['content-type']).toBe('application/pdf');
    expect(pdfPageSize(fitted.rawPayload).width).toBeLessThan(595);
    const paper = await convert({
      content: DIAGRAM,
      format: 'pdf',
      paper: 'letter',
      landscape: true,
    });
    expect(Math.abs(pdfPageSize(paper.rawPayload).width - 792)).toBeLessThan(2);
    const bad = await convert({ content: DIAGRAM, format: 'pdf', paper: 'a9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('error');
  });
});

describe('open render switch and limit', () => {
  let database: Database;
  beforeAll(async () => {
    database = await pglite!.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers 404 saying how to turn the endpoints on when they are off', async () => {
    const app = await testApp(database, { renderer, openRenderApi: false });
    try {
      for (const url of [`/kroki/mermaid/svg/${kroki(DIAGRAM)}`, `/ink/svg/${plain(DIAGRAM)}`]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.body).toBe(OPEN_RENDER_OFF);
      }
    } finally {
      await app.close();
    }
  });

  it('limits calls per client address and says when to come back', async () => {
    const app = await testApp(database, { renderer, limits: { openRendersPerMinute: 3 } });
    try {
      const call = (ip: string) =>
        app.inject({ method: 'GET', url: `/ink/svg/${plain(DIAGRAM)}`, remoteAddress: ip });
      for (let i = 0; i < 3; i += 1) expect((await call('10.0.0.1')).statusCode).toBe(200);
      const refused = await call('10.0.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.headers['content-type']).toMatch(/^text\/plain/);
      expect((await call('10.0.0.2')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
