/** Text output through the real app: convert with a token, and the Kroki endpoints. */
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { apiTokenOf, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';

const DIAGRAM = 'sequenceDiagram\n    Alice->>Bob: Hello Bob\n    Bob-->>Alice: Hi Alice';
const kroki = (text: string) =>
  Buffer.from(deflateSync(Buffer.from(text, 'utf8'), { level: 9 }))
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');

const [pglite] = testDatabases;

describe('text output', () => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const convert = (payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/convert',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });

  beforeAll(async () => {
    database = await pglite!.open();
    app = await testApp(database);
    token = await apiTokenOf(app, await signInLocally(app, 'text@example.test'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('convert answers txt and ascii as UTF-8 plain text', async () => {
    const txt = await convert({ content: DIAGRAM, format: 'txt' });
    expect(txt.statusCode).toBe(200);
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(txt.body).toContain('│ Alice │');
    expect(txt.body).toContain('─▶│');
    expect(txt.body).toContain('Hello Bob');
    const ascii = await convert({ content: DIAGRAM, format: 'ascii' });
    expect(ascii.statusCode).toBe(200);
    expect(ascii.body).toContain('| Alice |');
    expect(ascii.body).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('convert answers the diagram in words with format description, for any kind', async () => {
    const words = await convert({
      content:
        'sequenceDiagram\n  accTitle: Greeting\n  autonumber\n  actor Alice\n  participant B as Bob\n  loop every day\n    Alice-)B: Hello Bob\n    Note over Alice,B: politely\n  end\n  B-->>Alice: Hi Alice',
      format: 'description',
    });
    expect(words.statusCode).toBe(200);
    expect(words.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(words.body).toBe(
      [
        'Sequence diagram: Greeting',
        '2 participants, 2 messages',
        '',
        'Participants:',
        '- Alice (actor)',
        '- Bob (participant, written B)',
        '',
        'Messages:',
        '- Loop: every day',
        '  1. Alice to Bob: Hello Bob (async)',
        '     - Note over Alice and Bob: politely',
        '2. Bob to Alice: Hi Alice (reply)',
        '',
      ].join('\n'),
    );
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/convert',
      headers: { authorization: `Bearer ${token}`, 'if-none-match': String(words.headers.etag) },
      payload: { content: 'pie\n  "a": 1', format: 'description' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe('Pie chart\n');
    const huge = await convert({
      content: `sequenceDiagram\n${'A->>B: x\n'.repeat(120_000)}`,
      format: 'description',
    });
    expect(huge.statusCode).toBe(400);
  });

  it('convert refuses other diagram kinds, a 1 MB text and a line that is no statement', async () => {
    const pie = await convert({ content: 'pie\n  "a": 1', format: 'txt' });
    expect(pie.statusCode).toBe(400);
    expect(pie.json()).toEqual({
      error:
        'Text output is available for sequence diagrams, flowcharts and class diagrams, not for pie.',
    });
    const huge = await convert({
      content: `sequenceDiagram\n${'A->>B: x\n'.repeat(120_000)}`,
      format: 'txt',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ error: 'content: Maximum text size in diagram exceeded' });
    const bad = await convert({
      content: 'sequenceDiagram\n  A->>B: hi\n  nonsense here',
      format: 'txt',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toContain('Line 3');
  });

  it('convert draws a flowchart and cuts a drawing that takes too long, without holding the server', async () => {
    const flow = await convert({ content: 'flowchart LR\n  A[Start] --> B[End]', format: 'txt' });
    expect(flow.statusCode).toBe(200);
    expect(flow.body).toContain('Start');
    const dense = `flowchart TD\n${Array.from({ length: 24 }, (_, i) => `  N${i % 10} --> N${(i * 7) % 13}`).join('\n')}`;
    const slow = convert({ content: dense, format: 'txt' });
    // The event loop stays free meanwhile: another call answers before the slow one.
    const quick = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(quick.statusCode).toBe(200);
    const answer = await slow;
    expect(answer.statusCode).toBe(422);
    expect((answer.json() as { error: string }).error).toContain('took longer than');
  });

  it('documents txt and ascii in the OpenAPI document and the docs page', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>;
    };
    const convertOperation = JSON.stringify(document.paths['/api/v1/convert']);
    expect(convertOperation).toContain('"enum":["svg","png","pdf","txt","ascii","description"]');
    expect(convertOperation).toContain('text/plain');
    expect(JSON.stringify(document.paths['/kroki/{type}/{format}/{encoded}'])).toContain('`txt`');
    const page = (await app.inject({ method: 'GET', url: '/api/docs' })).body;
    expect(page).toContain('Unicode box drawing');
  });

  it('Kroki answers /kroki/mermaid/txt and /ascii by GET and POST, and text/plain by Accept', async () => {
    const get = await app.inject({ method: 'GET', url: `/kroki/mermaid/txt/${kroki(DIAGRAM)}` });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(get.headers['cache-control']).toContain('immutable');
    expect(get.body).toContain('│ Alice │');
    const ascii = await app.inject({
      method: 'GET',
      url: `/kroki/mermaid/ascii/${kroki(DIAGRAM)}`,
    });
    expect(ascii.body).toContain('| Alice |');
    const again = await app.inject({
      method: 'GET',
      url: `/kroki/mermaid/txt/${kroki(DIAGRAM)}`,
      headers: { 'if-none-match': String(get.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(ascii.headers.etag).not.toBe(get.headers.etag);
    const post = await app.inject({
      method: 'POST',
      url: '/kroki/mermaid/txt',
      headers: { 'content-type': 'text/plain' },
      payload: DIAGRAM,
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toBe(get.body);
    const accept = await app.inject({
      method: 'POST',
      url: '/kroki/mermaid',
      headers: { 'content-type': 'text/plain', accept: 'text/plain' },
      payload: DIAGRAM,
    });
    expect(accept.body).toBe(get.body);
    const json = await app.inject({
      method: 'POST',
      url: '/kroki/',
      payload: { diagram_source: DIAGRAM, diagram_type: 'mermaid', output_format: 'txt' },
    });
    expect(json.body).toBe(get.body);
  });

  it('Kroki refuses in plain text: other kinds, unknown options, a 1 MB body', async () => {
    const pie = await app.inject({
      method: 'GET',
      url: `/kroki/mermaid/txt/${kroki('pie\n "a": 1')}`,
    });
    expect(pie.statusCode).toBe(400);
    expect(pie.headers['content-type']).toMatch(/^text\/plain/);
    expect(pie.body).toContain('not for pie');
    const option = await app.inject({
      method: 'GET',
      url: `/kroki/mermaid/txt/${kroki(DIAGRAM)}?width=3`,
    });
    expect(option.statusCode).toBe(400);
    const big = await app.inject({
      method: 'POST',
      url: '/kroki/mermaid/txt',
      headers: { 'content-type': 'text/plain' },
      payload: `sequenceDiagram\n${'A->>B: xxxxxxxxxxxxxxxxxxxxx\n'.repeat(40_000)}`,
    });
    expect(big.statusCode).toBe(413);
    expect(big.body).toMatch(/at most 50,000 characters|too large/);
  });
});
