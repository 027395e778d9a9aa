/**
 * The app has one diagram writer, joined to its live documents and held to their size limit
 * (LIVE_DOCUMENT_MAX_BYTES): a trace import and a file import write through it, so they are
 * refused with 413 as a REST write is; and no server file but app.ts may build another (lint).
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generatedTrace, otlpOf } from '../../../test/fixtures/traces/fixtures.js';
import { apiTokenOf, injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { multipartBody } from '../../../test/support/multipart.js';
import { describeEach } from '../../../test/support/needs.js';
import type { Diagram } from '../../shared/schemas.js';
import type { Database } from '../db/client.js';
import { importTooLargeMessage, liveTooLargeMessage } from './writer.js';

/** A small limit, so a few kilobytes of text pass it. */
const STATE_MAX = 4096;
const OVER = `sequenceDiagram\n%% ${'x'.repeat(STATE_MAX)}\n    A->>B: hi\n`;
const UNDER = 'sequenceDiagram\n    A->>B: hi\n';

describeEach(testDatabases, 'the one diagram writer on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { liveDocumentMaxBytes: STATE_MAX });
    cookie = await signInLocally(app, 'one-writer@example.test');
    token = await apiTokenOf(app, cookie);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const titles = async () => {
    const response = await injectWithCookie(app, { method: 'GET', url: '/api/diagrams' }, cookie);
    return (response.json() as Diagram[]).map((diagram) => diagram.title);
  };
  const importTrace = (spans: number, title: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/import/trace?title=${encodeURIComponent(title)}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: otlpOf(generatedTrace(spans)),
    });

  it('refuses a trace import whose diagram would not fit a live document', async () => {
    const dry = await app.inject({
      method: 'POST',
      url: '/api/v1/import/trace?dry=true',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: otlpOf(generatedTrace(200)),
    });
    expect(Buffer.byteLength((dry.json() as { content: string }).content)).toBeGreaterThan(
      STATE_MAX,
    );
    const refused = await importTrace(200, 'Big trace');
    expect(refused.statusCode, refused.body.slice(0, 300)).toBe(413);
    expect(refused.json()).toEqual({ error: liveTooLargeMessage(STATE_MAX) });
    expect(await titles()).not.toContain('Big trace');
    const accepted = await importTrace(3, 'Small trace');
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await titles()).toContain('Small trace');
  });

  it('refuses a whole file import when one diagram would not fit a live document', async () => {
    const upload = (files: { name: string; content: string }[]) =>
      injectWithCookie(
        app,
        { method: 'POST', url: '/api/import', ...multipartBody(files) },
        cookie,
      );
    const refused = await upload([
      { name: 'Fits.mmd', content: UNDER },
      { name: 'Too big.mmd', content: OVER },
    ]);
    expect(refused.statusCode, refused.body.slice(0, 300)).toBe(413);
    expect(refused.json()).toEqual({ error: importTooLargeMessage('Too big', STATE_MAX) });
    expect(await titles()).not.toContain('Fits');
    const accepted = await upload([{ name: 'Fits.mmd', content: UNDER }]);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await titles()).toContain('Fits');
  });
});

it('lets no server file but app.ts build a diagram writer', async () => {
  const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
  const store = [
    "import type { Db } from '../db/client.js';",
    "import { diagramWriter } from '../diagrams/writer.js';",
    'export const importer = (db: Db) => diagramWriter(db);',
    '',
  ].join('\n');
  const messagesOf = async (filePath: string) =>
    (await eslint.lintText(store, { filePath }))[0]!.messages.map((m) => m.message);
  const elsewhere = await messagesOf('src/server/transfer/importer.ts');
  expect(elsewhere.filter((m) => m.includes('the one diagram writer'))).toHaveLength(2);
  expect(await messagesOf('src/server/app.ts')).toEqual([]);
}, 60_000);
