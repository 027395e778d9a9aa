/**
 * A large import must not stall the server: a real listening app receives a zip of 5,000
 * directories while /healthz is polled, and every other request keeps being answered. Imports
 * are also limited per user, so one account cannot keep the server busy with them.
 */
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { zipSync, type Zippable } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Folder } from '../../shared/schemas.js';
import type { ImportResult } from '../../shared/transfer.js';
import type { Database } from '../db/client.js';
import { signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { multipartBody, type UploadFile } from '../../../test/support/multipart.js';

/** Ten zips of 5,000 directory entries each, in one request: 50,000 new folders. */
const ZIPS = 10;
const DIRECTORIES = 5_000;
/**
 * Health checks a server that keeps its event loop turning answers while one import runs: one
 * per poll (a check every 20 ms, about 30 ms a round), dozens for an import of over a second. A
 * server that held the loop for the import would answer one, after it. So at least one check
 * per 100 ms the import took, up to this many: a count that grows with the import, not a time
 * budget (timings belong to the benchmarks, and a busy machine stretches every one of them,
 * while an idle one imports 5,000 folders in a tenth of a second).
 */
const CHECKS_DURING_IMPORT = 5;
const IMPORT_MS_PER_CHECK = 100;
const POLL_MS = 20;

function directoriesZip(prefix: string, count: number, extra: Zippable = {}): Uint8Array {
  const entries: Zippable = { ...extra };
  for (let i = 0; i < count; i++)
    entries[`${prefix} ${String(i).padStart(4, '0')}/`] = new Uint8Array(0);
  return zipSync(entries);
}

describeEach(testDatabases, 'a large import on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  let owner: string;

  const post = (files: UploadFile[], cookie: string) => {
    const { payload, headers } = multipartBody(files);
    return fetch(`${url}/api/import`, {
      method: 'POST',
      headers: { ...headers, cookie, origin: url },
      body: payload,
    });
  };
  const folders = async (cookie: string) =>
    (await (await fetch(`${url}/api/folders`, { headers: { cookie } })).json()) as Folder[];

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { limits: { importsPerMinute: 3 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    owner = await signInLocally(app, 'big-import@example.test');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  }, 120_000);

  /** Posts `files` while polling /healthz; answers the import's response. */
  async function importWhilePolling(files: UploadFile[], cookie: string) {
    let done = false;
    const started = performance.now();
    let importMs = 0;
    const importing = post(files, cookie).finally(() => {
      done = true;
      importMs = performance.now() - started;
    });
    let answeredDuring = 0;
    while (!done) {
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      if (!done) answeredDuring += 1;
      await sleep(POLL_MS);
    }
    const expected = Math.min(CHECKS_DURING_IMPORT, Math.floor(importMs / IMPORT_MS_PER_CHECK));
    expect(
      answeredDuring,
      `health checks answered while the import ran (${Math.round(importMs)} ms)`,
    ).toBeGreaterThanOrEqual(expected);
    return { response: await importing };
  }

  it('refuses ten zips of 5,000 directories at once (413) without holding up /healthz', async () => {
    const files = Array.from({ length: ZIPS }, (_, z) => ({
      name: `many-${z}.zip`,
      content: directoriesZip(`Zip ${z} folder`, DIRECTORIES),
    }));
    const { response } = await importWhilePolling(files, owner);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'One import may hold at most 5,000 diagrams and folders; import the files in parts.',
    });
    expect(await folders(owner)).toEqual([]);
  }, 240_000);

  it('imports a zip of 5,000 directories as 5,000 folders while /healthz keeps answering', async () => {
    const { response } = await importWhilePolling(
      [{ name: 'many.zip', content: directoriesZip('Folder', DIRECTORIES) }],
      owner,
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const result = (await response.json()) as ImportResult;
    expect(result.folders).toHaveLength(DIRECTORIES);

    const stored = await folders(owner);
    expect(stored).toHaveLength(DIRECTORIES);
    const names = stored.map((folder) => folder.name);
    expect(new Set(names).size).toBe(DIRECTORIES);
    expect(names[0]).toBe('Folder 0000');
    expect(names.at(-1)).toBe(`Folder ${DIRECTORIES - 1}`);
    expect(stored.map((folder) => folder.id).sort()).toEqual(
      result.folders.map((folder) => folder.id).sort(),
    );
    // New folders go after the existing ones, in the zip's order.
    const positions = stored.map((folder) => folder.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(DIRECTORIES);
  }, 240_000);

  it(
    'stays all or nothing: a bad file after thousands of folders stores none of them',
    { timeout: 120_000 },
    async () => {
      const cookie = await signInLocally(app, 'big-import-refused@example.test');
      const zip = directoriesZip('Kept', DIRECTORIES - 10, {
        'Kept 0001/notes.txt': new TextEncoder().encode('not a diagram'),
      });
      const response = await post([{ name: 'bad.zip', content: zip }], cookie);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain('notes.txt');
      expect(await folders(cookie)).toEqual([]);
    },
  );

  it('reuses folders the user already has, by name', async () => {
    const cookie = await signInLocally(app, 'big-import-reuse@example.test');
    const first = await post([{ name: 'a.zip', content: directoriesZip('Same', 300) }], cookie);
    expect(first.status).toBe(201);
    const second = await post([{ name: 'b.zip', content: directoriesZip('Same', 600) }], cookie);
    expect(second.status).toBe(201);
    expect(((await second.json()) as ImportResult).folders).toHaveLength(300);
    expect(await folders(cookie)).toHaveLength(600);
  });

  it('limits imports per user per minute (429 with Retry-After), other users unaffected', async () => {
    const cookie = await signInLocally(app, 'many-imports@example.test');
    const small = () => [{ name: 'one.mmd', content: 'graph TD\n  A-->B\n' }];
    for (let i = 0; i < 3; i++) expect((await post(small(), cookie)).status).toBe(201);
    const refused = await post(small(), cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many requests/);

    const other = await signInLocally(app, 'other-importer@example.test');
    expect((await post(small(), other)).status).toBe(201);
  });
});
