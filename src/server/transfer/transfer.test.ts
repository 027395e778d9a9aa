import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_MAX,
  TITLE_MAX,
  type CommentThread,
  type Diagram,
  type Folder,
} from '../../shared/schemas.js';
import type { ImportResult, Manifest } from '../../shared/transfer.js';
import type { Database } from '../db/client.js';
import { injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { multipartBody, type UploadFile } from '../../../test/support/multipart.js';

const SEQUENCE = 'sequenceDiagram\n    Alice->>Bob: Hello\n';

describeEach(testDatabases, 'export all and import on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;
  let stranger: string;

  const call = (options: InjectOptions, cookie?: string) => injectWithCookie(app, options, cookie);
  const json = async <T>(options: InjectOptions, cookie: string, status = 200): Promise<T> => {
    const response = await call(options, cookie);
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };
  const diagramsOf = (cookie: string) =>
    json<Diagram[]>({ method: 'GET', url: '/api/diagrams' }, cookie);
  const foldersOf = (cookie: string) =>
    json<Folder[]>({ method: 'GET', url: '/api/folders' }, cookie);
  const makeFolder = (name: string, cookie = owner) =>
    json<Folder>({ method: 'POST', url: '/api/folders', payload: { name } }, cookie, 201);
  const makeDiagram = (title: string, content: string, folderId: number | null, cookie = owner) =>
    json<Diagram>(
      { method: 'POST', url: '/api/diagrams', payload: { title, content, folderId } },
      cookie,
      201,
    );
  const upload = (files: UploadFile[], cookie?: string) =>
    call({ method: 'POST', url: '/api/import', ...multipartBody(files) }, cookie);
  const exportOf = async (cookie: string) => {
    const response = await call({ method: 'GET', url: '/api/export' }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Manifest;
    return { response, files, manifest };
  };
  /** What a user can see of their account; must not change on a refused import. */
  const snapshot = async (cookie: string) => ({
    diagrams: await diagramsOf(cookie),
    folders: await foldersOf(cookie),
  });
  const deleteEverything = async (cookie: string) => {
    for (const diagram of await diagramsOf(cookie)) {
      const response = await call({ method: 'DELETE', url: `/api/diagrams/${diagram.id}` }, cookie);
      expect(response.statusCode).toBe(204);
    }
    for (const folder of await foldersOf(cookie)) {
      const response = await call({ method: 'DELETE', url: `/api/folders/${folder.id}` }, cookie);
      expect(response.statusCode).toBe(204);
    }
  };
  /** Title, folder name and text of every diagram, in a stable order. */
  const contents = async (cookie: string) => {
    const names = new Map((await foldersOf(cookie)).map((f) => [f.id, f.name]));
    return (await diagramsOf(cookie))
      .map((d) => ({
        title: d.title,
        folder: d.folderId === null ? null : names.get(d.folderId),
        content: d.content,
      }))
      .sort((a, b) => `${a.folder}/${a.title}`.localeCompare(`${b.folder}/${b.title}`));
  };

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { limits: { importsPerMinute: 1000 } });
    owner = await signInLocally(app, 'transfer-owner@example.test');
    stranger = await signInLocally(app, 'transfer-stranger@example.test');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 401 to export and import when signed out, storing nothing', async () => {
    expect((await call({ method: 'GET', url: '/api/export' })).statusCode).toBe(401);
    const before = await snapshot(owner);
    const response = await upload([{ name: 'a.mmd', content: SEQUENCE }]);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not authenticated' });
    expect(await snapshot(owner)).toEqual(before);
  });

  it('exports folders as directories, safe unique file names and a manifest', async () => {
    await deleteEverything(owner);
    const plans = await makeFolder('Plans: Q1/Q2');
    const empty = await makeFolder('Empty');
    const unicode = 'sequenceDiagram\r\n    Zoë->>Łukasz: 日本語 ✓\r\n';
    await makeDiagram('Checkout', SEQUENCE, null);
    await makeDiagram('checkout', 'graph TD\n  A-->B', null);
    await makeDiagram('../../etc/passwd', 'graph LR', null);
    await makeDiagram('  .hidden <draft>?  ', unicode, plans.id);
    await makeDiagram('CON', 'graph TD', plans.id);
    await makeDiagram('x'.repeat(TITLE_MAX), 'graph TD', plans.id);

    const { response, files, manifest } = await exportOf(owner);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="lifeline-diagrams-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const paths = Object.keys(files).sort();
    expect(paths).toEqual(
      [
        // Newest first: the later "checkout" keeps the plain name.
        'checkout.mmd',
        'Checkout (2).mmd',
        'etc passwd.mmd',
        'Empty/',
        'manifest.json',
        'Plans Q1 Q2/',
        'Plans Q1 Q2/CON_.mmd',
        'Plans Q1 Q2/hidden draft.mmd',
        `Plans Q1 Q2/${'x'.repeat(120)}.mmd`,
      ].sort(),
    );
    expect(files['Plans Q1 Q2/hidden draft.mmd']).toEqual(new TextEncoder().encode(unicode));
    expect(strFromU8(files['Checkout (2).mmd']!)).toBe(SEQUENCE);

    expect(manifest).toMatchObject({ format: 'lifeline-export', version: 1 });
    expect(Date.parse(manifest.exportedAt)).not.toBeNaN();
    expect(manifest.folders).toEqual([
      { name: 'Plans: Q1/Q2', position: plans.position },
      { name: 'Empty', position: empty.position },
    ]);
    const stored = await diagramsOf(owner);
    expect(manifest.diagrams).toHaveLength(stored.length);
    for (const diagram of stored) {
      const entry = manifest.diagrams.find((d) => d.title === diagram.title);
      expect(entry).toEqual({
        path: entry!.path,
        title: diagram.title,
        folder: diagram.folderId === plans.id ? 'Plans: Q1/Q2' : null,
        position: diagram.position,
        createdAt: diagram.createdAt,
        updatedAt: diagram.updatedAt,
      });
      expect(strFromU8(files[entry!.path]!)).toBe(diagram.content);
    }
  });

  // The round trip below imports this export again: Import takes a manifest with comments.
  it("holds each diagram's comment threads in the manifest", async () => {
    const diagram = await makeDiagram('Reviewed', SEQUENCE, null);
    await makeDiagram('Quiet', 'graph TD\n  A-->B', null);
    const thread = await json<{ id: number }>(
      {
        method: 'POST',
        url: `/api/diagrams/${diagram.id}/comments`,
        payload: { body: 'Should this be async?', line: 2 },
      },
      owner,
      201,
    );
    await json(
      {
        method: 'POST',
        url: `/api/diagrams/${diagram.id}/comments`,
        payload: { body: 'Yes', parentId: thread.id },
      },
      owner,
      201,
    );
    const { manifest } = await exportOf(owner);
    const reviewed = manifest.diagrams.find((entry) => entry.title === 'Reviewed');
    expect(reviewed?.comments).toEqual([
      expect.objectContaining({
        body: 'Should this be async?',
        line: 2,
        resolved: false,
        replies: [expect.objectContaining({ body: 'Yes', parentId: thread.id })],
      }),
    ]);
    expect(manifest.diagrams.find((entry) => entry.title === 'Quiet')).not.toHaveProperty(
      'comments',
    );
  });

  it("never puts another user's diagrams in an export", async () => {
    await makeDiagram('Owner only', SEQUENCE, null);
    const { files, manifest } = await exportOf(stranger);
    expect(manifest.diagrams.map((d) => d.title)).not.toContain('Owner only');
    expect(Object.keys(files).filter((p) => p !== 'manifest.json')).toEqual(
      manifest.diagrams.map((d) => d.path),
    );
  });

  it('round-trips exactly: export, delete everything through the API, import the zip', async () => {
    const before = await contents(owner);
    const beforeFolders = (await foldersOf(owner)).map(({ name, position }) => ({
      name,
      position,
    }));
    const beforeDiagrams = await diagramsOf(owner);
    const { response } = await exportOf(owner);

    await deleteEverything(owner);
    expect(await diagramsOf(owner)).toEqual([]);

    const imported = await upload(
      [{ name: 'lifeline.zip', content: new Uint8Array(response.rawPayload) }],
      owner,
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const result = imported.json() as ImportResult;
    expect(result.diagrams).toHaveLength(beforeDiagrams.length);
    expect(result.folders.map((f) => f.name).sort()).toEqual(['Empty', 'Plans: Q1/Q2']);

    expect(await contents(owner)).toEqual(before);
    expect((await foldersOf(owner)).map(({ name, position }) => ({ name, position }))).toEqual(
      beforeFolders,
    );
    const after = await diagramsOf(owner);
    const key = (d: Diagram) => `${d.title}|${d.createdAt}|${d.updatedAt}|${d.position}`;
    expect(after.map(key).sort()).toEqual(beforeDiagrams.map(key).sort());

    // Importing the same zip again reuses the folders of the same name.
    await upload([{ name: 'again.zip', content: new Uint8Array(response.rawPayload) }], owner);
    expect((await foldersOf(owner)).map((f) => f.name).sort()).toEqual(['Empty', 'Plans: Q1/Q2']);
    expect(await diagramsOf(owner)).toHaveLength(beforeDiagrams.length * 2);
  });

  it("brings an export's comments back, each author kept as the importer or as an imported name", async () => {
    const text = 'sequenceDiagram\n    Alice->>Bob: one\n    Bob->>Carol: two\n';
    const at = '2024-03-01T10:00:00.000Z';
    const comment = (body: string, name: string, more: Record<string, unknown> = {}) => ({
      // Ids and parentId as Export all writes them: Import gives new ones.
      ...{ id: 90, body, author: { name }, line: 2, resolved: false, parentId: null },
      ...{ createdAt: at, replies: [], ...more },
    });
    const manifest = {
      format: 'lifeline-export',
      version: 1,
      exportedAt: at,
      folders: [],
      diagrams: [
        {
          ...{ path: 'r.mmd', title: 'Reviewed', folder: null, position: 0 },
          ...{ createdAt: at, updatedAt: at },
          comments: [
            comment('Async?', 'transfer-owner', {
              replies: [{ ...comment('Yes', 'Vera Viewer'), parentId: 90, id: 91 }],
            }),
            comment('Who retries?', 'Vera Viewer (imported)', { line: 3, resolved: true }),
            comment('On the keyword line', 'transfer-owner', { line: 1 }),
            comment('Past the end', 'transfer-owner', { line: 40 }),
            comment('Outdated', 'transfer-owner', { line: null }),
          ],
        },
      ],
    };
    const zip = zipSync({
      'manifest.json': strToU8(JSON.stringify(manifest)),
      'r.mmd': strToU8(text),
    });
    const imported = await upload([{ name: 'reviewed.zip', content: zip }], owner);
    expect(imported.statusCode, imported.body).toBe(201);
    const id = (imported.json() as ImportResult).diagrams[0]!.id;
    const threadsOf = (cookie: string) =>
      json<CommentThread[]>({ method: 'GET', url: `/api/diagrams/${id}/comments` }, cookie);

    const threads = await threadsOf(owner);
    expect(
      threads.map((t) => ({
        body: t.body,
        author: t.author.name,
        line: t.line,
        resolved: t.resolved,
        createdAt: t.createdAt,
        replies: t.replies.map((r) => [r.body, r.author.name, r.parentId, r.line]),
      })),
    ).toEqual([
      {
        ...{ body: 'Async?', author: 'transfer-owner', line: 2, resolved: false, createdAt: at },
        replies: [['Yes', 'Vera Viewer (imported)', threads[0]!.id, 2]],
      },
      {
        ...{ body: 'Who retries?', author: 'Vera Viewer (imported)', line: 3, resolved: true },
        ...{ createdAt: at, replies: [] },
      },
      ...['On the keyword line', 'Past the end', 'Outdated'].map((body) => ({
        ...{ body, author: 'transfer-owner', line: null, resolved: false, createdAt: at },
        replies: [],
      })),
    ]);
    expect(threads[0]!.id).not.toBe(90);

    // The importer's own comments are theirs to edit; another's stay theirs alone.
    const edit = (commentId: number) =>
      call(
        {
          method: 'PATCH',
          url: `/api/diagrams/${id}/comments/${commentId}`,
          payload: { body: 'Edited' },
        },
        owner,
      );
    expect((await edit(threads[0]!.id)).statusCode).toBe(200);
    expect((await edit(threads[1]!.id)).statusCode).toBe(403);
    expect((await edit(threads[0]!.replies[0]!.id)).statusCode).toBe(403);

    // The anchors follow the text as those made here do.
    const saved = await call(
      {
        method: 'PUT',
        url: `/api/diagrams/${id}`,
        payload: {
          content: text.replace(
            'sequenceDiagram\n',
            'sequenceDiagram\n    Note over Alice: first\n',
          ),
        },
      },
      owner,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await threadsOf(owner)).slice(0, 2).map((t) => t.line)).toEqual([3, 4]);

    // Export all writes them again, and nobody else's account sees them.
    const again = (await exportOf(owner)).manifest.diagrams.find((d) => d.createdAt === at);
    expect(again?.comments?.map((t) => t.author.name)).toEqual([
      'transfer-owner',
      'Vera Viewer (imported)',
      'transfer-owner',
      'transfer-owner',
      'transfer-owner',
    ]);
    expect(
      (await call({ method: 'GET', url: `/api/diagrams/${id}/comments` }, stranger)).statusCode,
    ).toBe(404);
  });

  it('imports .mmd and .mermaid files, titled by their names', async () => {
    const response = await upload(
      [
        { name: 'Login flow.mmd', content: '\uFEFF' + SEQUENCE },
        { name: 'pipeline.v2.mermaid', content: 'graph TD\n  A-->B' },
      ],
      owner,
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as ImportResult;
    expect(result.diagrams.map((d) => [d.title, d.folderId])).toEqual([
      ['Login flow', null],
      ['pipeline.v2', null],
    ]);
    const stored = await diagramsOf(owner);
    // An editor's byte-order mark is dropped from plain files.
    expect(stored.find((d) => d.id === result.diagrams[0]!.id)?.content).toBe(SEQUENCE);
    // Each imported diagram's history starts with its imported text.
    const versions = await json<Array<{ id: number; kind: string }>>(
      { method: 'GET', url: `/api/diagrams/${result.diagrams[1]!.id}/versions` },
      owner,
    );
    expect(versions.map((v) => v.kind)).toEqual(['created']);
    const first = await json<{ content: string }>(
      { method: 'GET', url: `/api/diagrams/${result.diagrams[1]!.id}/versions/${versions[0]!.id}` },
      owner,
    );
    expect(first.content).toBe('graph TD\n  A-->B');
  });

  it('imports every ```mermaid block of a Markdown file, titled by the heading above it', async () => {
    const markdown = [
      '# Design notes',
      '',
      '```mermaid',
      'sequenceDiagram',
      '    A->>B: one',
      '```',
      '',
      '## Retry path ##',
      '```js',
      '# not a heading',
      '```',
      '~~~~ Mermaid',
      'graph TD',
      '  R-->S',
      '~~~~',
      '```mermaid',
      'graph LR',
      '```',
    ].join('\n');
    const response = await upload(
      [
        { name: 'notes.md', content: markdown },
        {
          name: 'bare.markdown',
          content: 'text\n```mermaid\ngraph A\n```\n```mermaid\ngraph B\n```',
        },
      ],
      owner,
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as ImportResult;
    expect(result.diagrams.map((d) => d.title)).toEqual([
      'Design notes',
      'Retry path (1)',
      'Retry path (2)',
      'bare (1)',
      'bare (2)',
    ]);
    const byId = new Map((await diagramsOf(owner)).map((d) => [d.id, d.content]));
    expect(result.diagrams.map((d) => byId.get(d.id))).toEqual([
      'sequenceDiagram\n    A->>B: one',
      'graph TD\n  R-->S',
      'graph LR',
      'graph A',
      'graph B',
    ]);
  });

  it('imports a plain zip: its directories become folders, reusing ones of the same name', async () => {
    const existing = (await foldersOf(owner)).find((f) => f.name === 'Empty')!;
    const zip = zipSync({
      'top.mmd': strToU8('graph TD'),
      Empty: { 'inside.mmd': strToU8('graph LR') },
      'New folder': {
        'deep/er.mermaid': strToU8('graph BT'),
        'readme.md': strToU8('```mermaid\ngraph RL\n```'),
      },
      '__MACOSX/._top.mmd': new Uint8Array([0, 5, 22, 7, 0, 0]),
    });
    const response = await upload([{ name: 'plain.zip', content: zip }], owner);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as ImportResult;
    expect(result.folders.map((f) => f.name)).toEqual(['New folder']);
    const folderOf = (title: string) => result.diagrams.find((d) => d.title === title)?.folderId;
    expect(folderOf('top')).toBeNull();
    expect(folderOf('inside')).toBe(existing.id);
    expect(folderOf('er')).toBe(result.folders[0]!.id);
    expect(folderOf('readme')).toBe(result.folders[0]!.id);
  });

  it("imports into the caller's own account only: a stranger's import never touches the owner's", async () => {
    const ownerBefore = await snapshot(owner);
    const { response } = await exportOf(owner);
    const imported = await upload(
      [{ name: 'borrowed.zip', content: new Uint8Array(response.rawPayload) }],
      stranger,
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const result = imported.json() as ImportResult;
    // Folders of the same name are the stranger's own, made new.
    expect(result.folders.map((f) => f.name).sort()).toEqual(
      ownerBefore.folders.map((f) => f.name).sort(),
    );
    const ownerFolderIds = new Set(ownerBefore.folders.map((f) => f.id));
    for (const diagram of result.diagrams) {
      expect(diagram.folderId === null || !ownerFolderIds.has(diagram.folderId)).toBe(true);
    }
    expect(await snapshot(owner)).toEqual(ownerBefore);
    expect((await diagramsOf(stranger)).length).toBeGreaterThanOrEqual(result.diagrams.length);
  });

  it('truncates titles and folder names over their limits instead of failing', async () => {
    const long = 'T'.repeat(TITLE_MAX + 50);
    const zip = zipSync({ ['F'.repeat(150)]: { [`${long}.mmd`]: strToU8('graph TD') } });
    const response = await upload([{ name: 'long.zip', content: zip }], owner);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as ImportResult;
    expect(result.diagrams[0]!.title).toBe('T'.repeat(TITLE_MAX));
    expect(result.folders[0]!.name).toBe('F'.repeat(100));
  });

  describe('refuses bad input, naming the file, and stores nothing', () => {
    const zeros = (bytes: number) => new Uint8Array(bytes);
    const MB = 1024 * 1024;

    /** A zip whose headers claim each entry is 10 bytes long. */
    function lyingZip(entries: Zippable): Uint8Array {
      const zip = zipSync(entries, { level: 1 });
      const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
      for (let i = 0; i + 4 <= zip.length; i++) {
        const signature = view.getUint32(i, true);
        if (signature === 0x04034b50) view.setUint32(i + 22, 10, true); // local header
        if (signature === 0x02014b50) view.setUint32(i + 24, 10, true); // central directory
      }
      return zip;
    }

    /** A Lifeline export of one diagram, with fields of its manifest replaced. */
    function exportZip(
      diagram: Record<string, unknown> = {},
      folders: unknown[] = [],
      zipName = 'export.zip',
    ): UploadFile[] {
      const date = '2024-01-01T00:00:00.000Z';
      const manifest = {
        format: 'lifeline-export',
        version: 1,
        exportedAt: date,
        folders,
        diagrams: [
          {
            ...{ path: 'a.mmd', title: 'A', folder: null, position: 0 },
            ...{ createdAt: date, updatedAt: date },
            ...diagram,
          },
        ],
      };
      const entries = {
        'manifest.json': strToU8(JSON.stringify(manifest)),
        'a.mmd': strToU8('graph TD'),
      };
      return [{ name: zipName, content: zipSync(entries) }];
    }
    const COMMENT = {
      ...{ body: 'b', author: { name: 'A' }, line: 1, resolved: false, replies: [] },
      createdAt: '2024-01-01T00:00:00.000Z',
    };
    const manifestCase = (
      name: string,
      diagram: Record<string, unknown>,
      message: RegExp,
      folders: unknown[] = [],
    ) => ({ name, files: () => exportZip(diagram, folders), status: 400, message });

    const cases: { name: string; files: () => UploadFile[]; status: number; message: RegExp }[] = [
      manifestCase(
        'a manifest date before year -271,820',
        { updatedAt: '-271821-04-20T00:00:00.000Z' },
        /^"manifest\.json" in "export\.zip" is not a Lifeline export manifest: diagrams\[0\]\.updatedAt must be a date-time from the year 1000 to 9999/,
      ),
      manifestCase(
        'a manifest date in year 275,760',
        { createdAt: '+275760-09-13T00:00:00.000Z' },
        /"manifest\.json" in "export\.zip" .*diagrams\[0\]\.createdAt must be a date-time from the year 1000/,
      ),
      manifestCase(
        'a manifest date in year 0',
        { createdAt: '0000-01-01T00:00:00.000Z' },
        /diagrams\[0\]\.createdAt must be a date-time/,
      ),
      manifestCase(
        'a manifest title with NUL',
        { title: 'a\u0000b' },
        /diagrams\[0\]\.title must not contain NUL/,
      ),
      manifestCase(
        'a manifest diagram folder with NUL',
        { folder: 'F\u0000' },
        /diagrams\[0\]\.folder must not contain NUL/,
      ),
      manifestCase(
        'a comment body over 5,000 characters',
        { comments: [{ ...COMMENT, body: 'x'.repeat(5_001) }] },
        /diagrams\[0\]\.comments\[0\]\.body must be at most 5,000 characters/,
      ),
      manifestCase(
        'a blank comment body',
        { comments: [{ ...COMMENT, replies: [{ ...COMMENT, body: '  ' }] }] },
        /diagrams\[0\]\.comments\[0\]\.replies\[0\]\.body must not be blank/,
      ),
      manifestCase(
        'a comment author with NUL',
        { comments: [{ ...COMMENT, author: { name: 'a\u0000' } }] },
        /diagrams\[0\]\.comments\[0\]\.author\.name must not contain NUL/,
      ),
      manifestCase(
        'a comment line that is no line number',
        { comments: [{ ...COMMENT, line: 0.5 }] },
        /diagrams\[0\]\.comments\[0\]\.line must be a whole number/,
      ),
      manifestCase(
        'a comment date out of range',
        { comments: [{ ...COMMENT, createdAt: 'yesterday' }] },
        /diagrams\[0\]\.comments\[0\]\.createdAt must be a date-time/,
      ),
      manifestCase(
        'over 500 comments on a diagram, replies counted',
        {
          comments: [{ ...COMMENT, replies: Array.from({ length: 499 }, () => COMMENT) }, COMMENT],
        },
        /diagrams\[0\]\.comments must hold at most 500 comments with their replies/,
      ),
      manifestCase('a manifest folder with NUL', {}, /folders\[0\]\.name must not contain NUL/, [
        { name: '\u0000', position: 0 },
      ]),
      {
        name: 'a Markdown heading with NUL',
        files: () => [{ name: 'nul.md', content: '# a\u0000b\n```mermaid\ngraph TD\n```' }],
        status: 400,
        message: /"nul\.md" is not a text file/,
      },
      {
        name: 'a zip directory with NUL',
        files: () => [
          { name: 'dir.zip', content: zipSync({ 'a\u0000b': { 'c.mmd': strToU8('graph TD') } }) },
        ],
        status: 400,
        message: /"dir\.zip" contains an unsafe path .*NUL characters/,
      },
      {
        name: 'a zip file name with NUL',
        files: () => [
          { name: 'name.zip', content: zipSync({ 'c\u0000.mmd': strToU8('graph TD') }) },
        ],
        status: 400,
        message: /"name\.zip" contains an unsafe path .*NUL characters/,
      },
      {
        name: 'an uploaded file name with NUL',
        files: () => [{ name: 'a\u0000b.mmd', content: 'graph TD' }],
        status: 400,
        message: /has a NUL character in its name/,
      },
      {
        name: 'a binary file named .mmd',
        files: () => [
          { name: 'photo.mmd', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]) },
        ],
        status: 400,
        message: /"photo\.mmd" is not a text file/,
      },
      {
        name: 'invalid UTF-8',
        files: () => [
          { name: 'latin1.mmd', content: new Uint8Array([0x67, 0x72, 0xe9, 0x20, 0x41]) },
        ],
        status: 400,
        message: /"latin1\.mmd" is not a text file/,
      },
      {
        name: 'another kind of file',
        files: () => [{ name: 'diagram.png', content: 'graph TD' }],
        status: 400,
        message: /"diagram\.png" cannot be imported/,
      },
      {
        name: 'a good file together with a bad one',
        files: () => [
          { name: 'good.mmd', content: SEQUENCE },
          { name: 'bad.mmd', content: new Uint8Array([0, 1, 2, 3]) },
        ],
        status: 400,
        message: /"bad\.mmd"/,
      },
      {
        name: 'a Markdown file without mermaid blocks',
        files: () => [{ name: 'README.md', content: '# Hello\n```js\nx\n```' }],
        status: 400,
        message: /"README\.md" has no ```mermaid/,
      },
      {
        name: 'a diagram over the content limit',
        files: () => [
          { name: 'ok.mmd', content: SEQUENCE },
          { name: 'huge.mmd', content: 'x'.repeat(CONTENT_MAX + 1) },
        ],
        status: 413,
        message: /"huge\.mmd" is too long/,
      },
      {
        name: 'a zip bomb by declared size',
        files: () => [
          { name: 'bomb.zip', content: zipSync({ 'a.mmd': zeros(51 * MB) }, { level: 1 }) },
        ],
        status: 413,
        message: /"bomb\.zip" is too large/,
      },
      {
        name: 'a zip bomb lying about its sizes',
        files: () => [
          {
            name: 'liar.zip',
            content: lyingZip({ 'a.mmd': zeros(26 * MB), 'b.mmd': zeros(26 * MB) }),
          },
        ],
        status: 413,
        message: /"liar\.zip" is too large/,
      },
      {
        name: 'a zip of more than 5,000 entries',
        files: () => {
          const entries: Zippable = {};
          for (let i = 0; i <= 5_000; i++) entries[`d${i}.mmd`] = strToU8('graph TD');
          return [{ name: 'many.zip', content: zipSync(entries, { level: 0 }) }];
        },
        status: 413,
        message: /"many\.zip" holds more than 5,000 files/,
      },
      {
        name: 'a zip entry with ..',
        files: () => [
          {
            name: 'escape.zip',
            content: zipSync({ 'ok.mmd': strToU8('graph TD'), '../evil.mmd': strToU8('graph TD') }),
          },
        ],
        status: 400,
        message: /"escape\.zip" contains an unsafe path "\.\.\/evil\.mmd"/,
      },
      {
        name: 'a zip entry with an absolute path',
        files: () => [
          { name: 'abs.zip', content: zipSync({ '/etc/evil.mmd': strToU8('graph TD') }) },
        ],
        status: 400,
        message: /"abs\.zip" contains an unsafe path/,
      },
      {
        name: 'a zip entry with a backslash',
        files: () => [
          { name: 'win.zip', content: zipSync({ 'a\\..\\evil.mmd': strToU8('graph TD') }) },
        ],
        status: 400,
        message: /"win\.zip" contains an unsafe path/,
      },
      {
        name: 'a zip holding a binary entry',
        files: () => [
          {
            name: 'mixed.zip',
            content: zipSync({ 'good.mmd': strToU8('graph TD'), 'Pics/cat.mmd': zeros(16) }),
          },
        ],
        status: 400,
        message: /"Pics\/cat\.mmd" in "mixed\.zip" is not a text file/,
      },
      {
        name: 'a zip holding an oversized diagram',
        files: () => [
          {
            name: 'big.zip',
            content: zipSync({ 'big.mmd': strToU8('y'.repeat(CONTENT_MAX + 1)) }),
          },
        ],
        status: 413,
        message: /"big\.mmd" in "big\.zip" is too long/,
      },
      {
        name: 'something that is not a zip',
        files: () => [{ name: 'fake.zip', content: 'graph TD' }],
        status: 400,
        message: /"fake\.zip" is not a zip file/,
      },
      {
        name: 'a manifest listing a missing file',
        files: () => {
          const manifest = {
            format: 'lifeline-export',
            version: 1,
            exportedAt: new Date().toISOString(),
            folders: [{ name: 'Ghost folder', position: 0 }],
            diagrams: [
              {
                path: 'gone.mmd',
                title: 'Gone',
                folder: null,
                position: 0,
                createdAt: new Date().toISOString(),
                updatedAt: new Date().toISOString(),
              },
            ],
          };
          return [
            {
              name: 'broken.zip',
              content: zipSync({ 'manifest.json': strToU8(JSON.stringify(manifest)) }),
            },
          ];
        },
        status: 400,
        message: /"manifest\.json" in "broken\.zip" lists "gone\.mmd"/,
      },
    ];

    it.each(cases)('$name', async ({ files, status, message }) => {
      const before = await snapshot(owner);
      const response = await upload(files(), owner);
      expect(response.statusCode, response.body).toBe(status);
      expect((response.json() as { error: string }).error).toMatch(message);
      expect(await snapshot(owner)).toEqual(before);
    });

    it('an empty request', async () => {
      const before = await snapshot(owner);
      const response = await upload([], owner);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Choose at least one file to import.' });
      const notMultipart = await call({ method: 'POST', url: '/api/import' }, owner);
      expect(notMultipart.statusCode).toBe(400);
      expect(await snapshot(owner)).toEqual(before);
    });

    it('a malformed multipart body', async () => {
      const before = await snapshot(owner);
      const response = await call(
        {
          method: 'POST',
          url: '/api/import',
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          payload: '{"title":"T"}',
        },
        owner,
      );
      expect(response.statusCode).toBe(400);
      expect((response.json() as { error: string }).error).toMatch(/^The upload could not be read/);
      expect(await snapshot(owner)).toEqual(before);
    });

    it('a cross-site upload', async () => {
      const before = await snapshot(owner);
      const body = multipartBody([{ name: 'csrf.mmd', content: SEQUENCE }]);
      const response = await call(
        {
          method: 'POST',
          url: '/api/import',
          payload: body.payload,
          headers: { ...body.headers, origin: 'https://evil.example' },
        },
        owner,
      );
      expect(response.statusCode).toBe(403);
      expect(await snapshot(owner)).toEqual(before);
    });
  });
});
