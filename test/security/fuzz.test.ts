/**
 * Bad input never hurts: generated bodies, query strings and path parameters (wrong types, huge
 * strings, deep nesting, unicode edge cases, prototype-pollution keys, wrong content types) go to
 * every route the app registers, so a new route is fuzzed without anyone listing it here. No
 * answer may be a 500; every 4xx from a JSON route is `{ error }` with a readable message; a
 * rejected request leaves the database byte-for-byte as it was; Object.prototype stays clean.
 * FUZZ_SEED and FUZZ_RUNS replay or extend a run (a failure prints its seed and counterexample).
 */
import { deflateSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { testApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { describeEach } from '../support/needs.js';
import { recordRoutes } from '../support/route-list.js';
import { multipartBody } from '../support/multipart.js';
import { snapshotDatabase } from '../support/snapshot.js';
import { as, makeWorld, removeWorld, type ActorName, type World } from '../support/world.js';

const SEED = Number(process.env.FUZZ_SEED ?? 1_554_881);
const RUNS = (name: string) => Number(process.env.FUZZ_RUNS ?? (name === 'pglite' ? 400 : 150));

/** Field names the app reads, so generated objects reach validation past "unknown field". */
const FIELDS = [
  'title',
  'content',
  'name',
  'email',
  'role',
  'folderId',
  'isPublic',
  'position',
  'updatedAt',
  'format',
  'width',
  'height',
  'theme',
  'background',
  'view',
  'redirect',
];
const POLLUTION = ['__proto__', 'constructor', 'prototype'];

const HUGE = 'x'.repeat(1_000_001);
const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** Bidirectional controls: they reorder what a reader sees (`txt.exe` shown as `exe.txt`). */
const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];

/** 10,000 to 200,000 of one character: what a non-linear reader of user text stalls on. */
const longRun = fc
  .tuple(
    fc.constantFrom(
      ' ',
      'a',
      '#',
      '`',
      '~',
      '-',
      '*',
      '(',
      '[',
      '<',
      '\\',
      '\n',
      '\t',
      '%',
      ...BIDI,
    ),
    fc.integer({ min: 10_000, max: 200_000 }),
  )
  .map(([char, count]) => char.repeat(count));

/** Text no sane client sends: lone surrogates, NUL, bidi overrides, combining marks, emoji. */
const strangeText = fc.oneof(
  longRun,
  fc.string({ unit: fc.constantFrom('a', '.', ' ', ...BIDI), maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF',
    'a\uD83D',
    '\u202E\u202D',
    'invoice\u202Etxt.exe',
    '\u2067\u2069\u200F\u061C',
    'e\u0301\u0301\u0301',
    '👩‍👩‍👧‍👦',
    '\uFEFF',
    '<script>alert(1)</script>',
    "'; drop table diagrams; --",
    '../../etc/passwd',
    '%00',
    '${7*7}',
    'javascript:alert(1)',
  ),
  fc.constant(HUGE),
);

const strangeNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 1.5, Number.MAX_VALUE),
);

/** Dates JavaScript reads but PostgreSQL cannot store, and strings that are no dates at all. */
const strangeDate = fc.oneof(
  fc.constantFrom(
    '-271821-04-20T00:00:00.000Z',
    '+275760-09-13T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '0999-12-31T23:59:59.999Z',
    '10000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999-01:00',
    '2024-02-30T00:00:00.000Z',
    '2024-13-01T00:00:00.000Z',
    '2024-01-01T25:00:00.000Z',
    '2024-01-01',
    '2024-01-01T00:00:00.000',
    'Mon, 01 Jan 2024 00:00:00 GMT',
    '1e309',
    'yesterday',
    '',
  ),
  fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .map((date) => date.toISOString()),
);

const leaf = fc.oneof(
  { arbitrary: strangeDate, weight: 1 },
  strangeText,
  strangeNumber,
  fc.boolean(),
  fc.constant(null),
);

/** JSON text of a value that may hold pollution keys as the object's own keys. */
const jsonText: fc.Arbitrary<string> = fc
  .object({
    key: fc.oneof(fc.constantFrom(...FIELDS, ...POLLUTION), fc.string({ maxLength: 8 })),
    values: [leaf],
    maxDepth: 3,
    maxKeys: 6,
  })
  .map((value) => JSON.stringify(value));

/** An object of the app's own field names with values of any type. */
const fieldsText = fc
  .dictionary(fc.constantFrom(...FIELDS), fc.oneof(leaf, fc.array(leaf, { maxLength: 3 })), {
    maxKeys: 5,
  })
  .map((value) => JSON.stringify(value));

const rawText = fc.constantFrom(
  '',
  'null',
  'true',
  '42',
  '"text"',
  '[]',
  '{',
  '{"title":',
  '{"a":1e309}',
  '{"folderId":1e309,"content":"x","title":"t"}',
  '{"__proto__":{"polluted":"yes"},"title":"t","content":"x"}',
  '{"constructor":{"prototype":{"polluted":"yes"}},"name":"n"}',
  '{"title":"\\ud800","content":"\\u0000"}',
  '{"title":"a","title":"b","content":"c"}',
  DEEP_ARRAY,
  DEEP_OBJECT,
  `{"content":"${HUGE}"}`,
  `{"name":"${'x'.repeat(5 * 1024 * 1024)}"}`,
  '\u0000\u0001\u0002',
  '\uFEFF{"name":"bom"}',
);

/** A body every route would take, with one or two fields made strange: reaches deepest. */
const VALID_FOR_ALL = {
  title: 'T',
  content: 'graph TD; A-->B',
  name: 'N',
  email: 'someone@example.test',
  role: 'viewer',
  format: 'svg',
};
const nearlyValidText = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...FIELDS), leaf, { minKeys: 1, maxKeys: 2 }),
    fc.option(strangeDate, { freq: 2 }),
  )
  .map(([strange, updatedAt]) =>
    JSON.stringify({ ...VALID_FOR_ALL, ...strange, ...(updatedAt === null ? {} : { updatedAt }) }),
  );

/** A multipart upload for POST /api/import. */
interface Upload {
  payload: Buffer;
  contentType: string;
}
const uploadOf = (name: string, content: Uint8Array | string): Upload => {
  const { payload, headers } = multipartBody([{ name, content }]);
  return { payload, contentType: headers['content-type'] };
};
const DATE = '2024-01-01T00:00:00.000Z';
/** A Lifeline export whose manifest holds the given fields. */
function exportUpload(fields: {
  title: unknown;
  folder: unknown;
  folderName: unknown;
  createdAt: unknown;
  updatedAt: unknown;
  exportedAt: unknown;
}): Upload {
  const { title, folder, folderName, createdAt, updatedAt, exportedAt } = fields;
  const manifest = {
    format: 'lifeline-export',
    version: 1,
    exportedAt,
    folders: [{ name: folderName, position: 0 }],
    diagrams: [{ path: 'a.mmd', title, folder, position: 0, createdAt, updatedAt }],
  };
  const zip = zipSync({
    'manifest.json': strToU8(JSON.stringify(manifest)),
    'a.mmd': strToU8('graph TD'),
  });
  return uploadOf('export.zip', zip);
}
/** Zip paths hold at most 65,535 bytes, and the multipart file name no quote or line break. */
const shortName = (text: string) => text.slice(0, 500).replace(/["\r\n/]/g, '_') || '_';
const sometimes = <T>(strange: fc.Arbitrary<T>, usual: unknown) =>
  fc.oneof(strange, fc.constant(usual));
const importUpload: fc.Arbitrary<Upload> = fc.oneof(
  fc
    .record({
      title: sometimes(strangeText, 'T'),
      folder: sometimes(fc.oneof(strangeText, fc.constant(null)), 'F'),
      folderName: sometimes(strangeText, 'F'),
      createdAt: sometimes(strangeDate, DATE),
      updatedAt: sometimes(strangeDate, DATE),
      exportedAt: sometimes(strangeDate, DATE),
    })
    .map(exportUpload),
  fc
    .tuple(strangeText, strangeText)
    .map(([folder, name]) =>
      uploadOf(
        'plain.zip',
        zipSync({ [`${shortName(folder)}/${shortName(name)}.mmd`]: strToU8('graph TD') }),
      ),
    ),
  strangeText.map((heading) =>
    uploadOf('notes.md', `# ${heading}\n\n\`\`\`mermaid\ngraph TD\n\`\`\`\n`),
  ),
  strangeText.map((name) => uploadOf(`${shortName(name)}.mmd`, 'graph TD')),
);

const body = fc.option(
  fc.oneof(
    { arbitrary: nearlyValidText, weight: 3 },
    { arbitrary: jsonText, weight: 1 },
    { arbitrary: fieldsText, weight: 1 },
    { arbitrary: rawText, weight: 1 },
  ),
  { nil: undefined },
);

const contentType = fc.option(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'image/svg+xml',
    '',
    'application/json, text/plain',
  ),
  { nil: undefined },
);

/** Path parameter values, raw (already as they appear in the URL). */
const pathValue = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1.5',
    '1e309',
    '1e3',
    'NaN',
    'Infinity',
    '0x10',
    '%20%31',
    '99999999999999999999999',
    '2147483648',
    '%00',
    '..',
    '..%2F..%2Fetc',
    '%2e%2e',
    '%ED%A0%80',
    '%FF',
    '%',
    '%zz',
    '__proto__',
    'constructor',
    'a'.repeat(5000),
    '%F0%9F%91%A9',
  ),
  fc
    .string({ maxLength: 12 })
    .map((value) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))),
  fc.constant('VALID'),
);

const query = fc.option(
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...FIELDS, ...POLLUTION, 'code', 'state', 'view[]', 'a[b]'),
        fc.oneof(pathValue, fc.constantFrom('summary', 'full', '/try', '//evil.example')),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${encodeURIComponent(key)}=${value}`).join('&')),
  { nil: undefined },
);

interface FuzzInput {
  route: string;
  actor: ActorName;
  params: string[];
  query: string | undefined;
  body: string | undefined;
  contentType: string | undefined;
  /** Sent instead of body and content type when the route is POST /api/import. */
  upload: Upload | undefined;
}

/** Inputs that once answered 500 or another error shape, kept as regressions. */
const REGRESSIONS: FuzzInput[] = [
  { route: 'POST /api/folders', body: '{"name":"a\\u0000b"}' },
  { route: 'PUT /api/diagrams/:id', body: '{"content":"a\\u0000b"}' },
  { route: 'POST /api/diagrams', body: '{"title":"\\u0000","content":"x"}' },
  { route: 'POST /api/v1/diagrams', body: '{"content":"\\u0000"}', actor: 'ownerToken' as const },
  {
    route: 'POST /auth/local',
    body: 'name=a%00&email=b%40example.test',
    contentType: 'application/x-www-form-urlencoded',
    actor: 'anonymous' as const,
  },
  { route: 'GET /d/:token.png', params: ['%ED%A0%80'] },
  { route: 'GET /api/diagrams/:id', params: ['%'] },
  { route: 'GET /kroki/:type/:format/:encoded', params: ['mermaid', 'svg', 'eJzLSM3JyQcABiwCFQ'] },
  { route: 'GET /kroki/:type/:format/:encoded', params: ['mermaid', 'svg', 'eJzLSM'] },
  { route: 'GET /ink/svg/:code', params: ['pako:%ED%A0%80'] },
  { route: 'POST /kroki/', body: '{"diagram_source":1,"diagram_type":"mermaid"}' },
  // Dates JavaScript reads but PostgreSQL cannot store.
  {
    route: 'PUT /api/diagrams/:id',
    body: '{"title":"t","updatedAt":"-271821-04-20T00:00:00.000Z"}',
  },
  {
    route: 'PUT /api/diagrams/:id',
    body: '{"title":"t","updatedAt":"+275760-09-13T00:00:00.000Z"}',
  },
  {
    route: 'POST /api/import',
    upload: exportUpload({
      title: 'T',
      folder: null,
      folderName: 'F',
      createdAt: '+275760-09-13T00:00:00.000Z',
      updatedAt: '-271821-04-20T00:00:00.000Z',
      exportedAt: DATE,
    }),
  },
  {
    route: 'POST /api/import',
    upload: exportUpload({
      title: 'a\u0000b',
      folder: 'F\u0000',
      folderName: '\u0000',
      createdAt: DATE,
      updatedAt: DATE,
      exportedAt: DATE,
    }),
  },
].map((example) => ({
  actor: 'owner' as ActorName,
  params: ['VALID'],
  query: undefined,
  body: undefined,
  contentType: 'application/json',
  upload: undefined,
  ...example,
}));

const ACTOR_CHOICES: ActorName[] = ['owner', 'ownerToken', 'anonymous', 'editor'];

/** The URL of a route with each `:param` replaced: by a real id of the world, or a bad value. */
function fill(url: string, world: World, values: string[]): string {
  let index = 0;
  return url.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[index++ % values.length] ?? 'VALID';
    if (value !== 'VALID') return value;
    if (name === 'token') return world.shareToken;
    if (name === 'collaboratorId') return String(world.editorCollaboratorId);
    if (name === 'type') return 'mermaid';
    if (name === 'format') return 'svg';
    if (name === 'encoded') return deflateSync('graph TD; A-->B').toString('base64url');
    if (name === 'code') return Buffer.from('graph TD; A-->B').toString('base64');
    return String(world.diagramId);
  });
}

const isOpenRenderRoute = (route: string) => / \/(?:kroki|ink)(?:\/|$)/.test(route);
/** /mcp speaks JSON-RPC: what its transport refuses is a JSON-RPC error, not `{ error }`. */
const isJsonRpcRoute = (route: string) => route === 'POST /mcp';
/** OAuth's endpoints answer errors as RFC 6749 says: `{ error, error_description }`. */
const isOAuthRoute = (route: string) => / \/oauth\//.test(route);
/** Routes that draw: without Chromium (as here) they answer 503, saying so. */
const isRenderRoute = (route: string) =>
  route === 'POST /api/v1/convert' ||
  route === 'POST /api/export/file' ||
  /\.(png|svg)$/.test(route) ||
  isOpenRenderRoute(route);

describeEach(testDatabases, 'fuzzing every route on $name', ({ name, open }) => {
  let database: Database;
  let app: FastifyInstance;
  let world: World;
  const recorder = recordRoutes();
  const appSecret = 'fuzz-secret-0123456789abcdefghijklmnopqrstu';

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, {
      appSecret,
      onRoute: recorder.onRoute,
      limits: {
        shareLookupsPerMinute: 1_000_000,
        apiCallsPerMinute: 1_000_000,
        openRendersPerMinute: 1_000_000,
        importsPerMinute: 1_000_000,
      },
    });
    world = await makeWorld(database.db, appSecret);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers generated input without a 500, with { error }, and changes nothing when it refuses', async () => {
    const routes = recorder.routes();
    expect(routes.length).toBeGreaterThan(20);
    const request: fc.Arbitrary<FuzzInput> = fc.record({
      route: fc.constantFrom(...routes),
      actor: fc.constantFrom(...ACTOR_CHOICES),
      params: fc.array(pathValue, { minLength: 1, maxLength: 2 }),
      query,
      body,
      contentType,
      upload: fc.option(importUpload, { freq: 4 }).map((upload) => upload ?? undefined),
    });
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const [method, url] = input.route.split(' ') as [InjectOptions['method'], string];
        const path = fill(url, world, input.params);
        const upload = input.route === 'POST /api/import' ? input.upload : undefined;
        const payload = upload?.payload ?? input.body;
        const type = upload?.contentType ?? input.contentType;
        const options: InjectOptions = {
          method,
          url: input.query ? `${path}?${input.query}` : path,
          ...(payload !== undefined ? { payload } : {}),
          headers: type !== undefined ? { 'content-type': type } : {},
        };
        const before = await snapshotDatabase(database.db);
        const response = await app.inject(as(world, input.actor, options));
        const status = response.statusCode;
        const label = `${method} ${options.url?.toString().slice(0, 120)} → ${status} ${response.body.slice(0, 200)}`;

        expect(status >= 500 && !(status === 503 && isRenderRoute(input.route)), label).toBe(false);
        const isJson = String(response.headers['content-type'] ?? '').startsWith(
          'application/json',
        );
        if (status >= 400) {
          if (isOpenRenderRoute(input.route) && !isJson) {
            // Kroki's and mermaid.ink's clients read a plain-text message.
            expect(String(response.headers['content-type']), label).toMatch(/^text\/plain/);
            expect(response.body.length, label).toBeGreaterThan(0);
            expect(response.body.length, label).toBeLessThan(400);
          } else if (isJsonRpcRoute(input.route) && isJson && 'jsonrpc' in response.json()) {
            // MCP clients read a JSON-RPC error: what the protocol's transport refuses.
            const answer = response.json() as { error?: { code?: unknown; message?: unknown } };
            expect(Object.keys(answer).sort(), label).toEqual(['error', 'id', 'jsonrpc']);
            expect(typeof answer.error?.code, label).toBe('number');
            const message = String(answer.error?.message);
            expect(message.length, label).toBeGreaterThan(0);
            expect(message.length, label).toBeLessThan(400);
            expect(message, label).not.toMatch(/\n\s+at |\bundefined\b|\[object Object\]/);
          } else if (isOAuthRoute(input.route) && isJson) {
            // An OAuth error code (or the app's own refusal before the handler, as { error }).
            const answer = response.json() as { error?: unknown; error_description?: unknown };
            const keys = Object.keys(answer).filter((key) => key !== 'error_description');
            expect(keys, label).toEqual(['error']);
            expect(answer.error, label).toMatch(/^[a-z_]+$|^[A-Z]/);
            expect(String(answer.error_description ?? ''), label).not.toMatch(/\n\s+at /);
          } else if (input.route.includes(' /api/') || isJson) {
            expect(isJson, label).toBe(true);
            const answer = response.json() as { error?: unknown };
            // One error shape; a 409 also carries the stored diagram.
            const keys = Object.keys(answer).filter(
              (key) => !(status === 409 && key === 'diagram'),
            );
            expect(keys, label).toEqual(['error']);
            expect(typeof answer.error, label).toBe('string');
            const message = answer.error as string;
            expect(message.length, label).toBeGreaterThan(0);
            expect(message.length, label).toBeLessThan(400);
            expect(message, label).not.toMatch(/\n\s+at |\bundefined\b|\[object Object\]/);
          }
          expect(await snapshotDatabase(database.db), `${label} changed the database`).toBe(before);
        } else {
          // The request did something (a logout, a new token, a deletion): start from a fresh world.
          await removeWorld(database.db, world);
          world = await makeWorld(database.db, appSecret);
        }
        expect(Object.keys(Object.prototype)).toEqual([]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      {
        seed: SEED,
        numRuns: RUNS(name),
        endOnFailure: true,
        examples: REGRESSIONS.map((example) => [example]),
      },
    );
  }, 300_000);
});
