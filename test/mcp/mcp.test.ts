/**
 * The MCP server with the SDK's own client against a real server process, over both transports:
 * streamable HTTP at /mcp (tools in process) and the built lifeline-mcp command over stdio (tools
 * over /api/v1). Every tool, the diagram resource, a bad token, another user's diagram, a 1 MB
 * text, a live edit that reaches an open editor with the token's owner as author, and the
 * per-token rate limit.
 */
import { existsSync, rmSync } from 'node:fs';
import { seededDataDir } from '../support/databases.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagramDocName } from '../../src/shared/live.js';
import { DIAGRAM_NOT_FOUND, PREVIEW_TEXT } from '../../src/shared/messages.js';
import { formatsOn } from '../../src/shared/output-formats.js';
import type {
  ApiDiagram,
  Comment,
  CommentThread,
  Diagram,
  Folder,
} from '../../src/shared/schemas.js';
import { NOT_A_STATEMENT, RESOLVE_REFUSED } from '../../src/server/comments/operations.js';
import type { VersionSummary } from '../../src/shared/versions.js';
import { drawTrace, parseTraceFile, traceOptionsSchema } from '../../src/shared/trace/index.js';
import { otlpProtoOf, readTraceFixture, TRACE_FIXTURES } from '../fixtures/traces/fixtures.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { createDiagramAt, signInAt } from '../support/http-sign-in.js';
import { connectLive, until, type LiveClient } from '../support/live-client.js';
import { describeIf } from '../support/needs.js';
import { INVALID_TOKEN } from '../../src/server/api-tokens/bearer.js';
import { OWNER_ONLY_CHANGE, VIEWER_CANNOT_EDIT } from '../../src/server/diagrams/replies.js';
import { VERSION_NOT_FOUND } from '../../src/server/versions/diff.js';
import type { VersionDiffReply } from '../../src/shared/diagram-diff/schema.js';
import { findChromium } from '../../src/server/chromium-render/chromium.js';
import { MCP_ONE_MESSAGE, MCP_POST_ONLY } from '../../src/server/mcp/routes.js';
import { NEED_ID_OR_CONTENT, RESOURCE_NOT_FOUND } from '../../src/server/mcp/tools.js';

const STDIO_COMMAND = 'dist/node/server/mcp/stdio.js';
const chromium = findChromium();
const chromiumMissing = chromium ? null : 'no Chromium found (install chromium or set CHROME_PATH)';
const TOOLS = [
  'add_comment',
  'check_trace',
  'create_diagram',
  'delete_diagram',
  'diff_versions',
  'list_comments',
  'list_diagrams',
  'list_folders',
  'list_versions',
  'move_diagram',
  'read_diagram',
  'render',
  'resolve_comment',
  'restore_version',
  'search',
  'share_diagram',
  'update_diagram',
  'validate',
];
const SEQUENCE = 'sequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>Alice: Hi';

type Transport = 'http' | 'stdio';

function transportFor(kind: Transport, app: AppProcess, token: string) {
  if (kind === 'http') {
    return new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
  }
  return new StdioClientTransport({
    command: process.execPath,
    args: [STDIO_COMMAND, '--url', app.url],
    env: { PATH: process.env.PATH ?? '', LIFELINE_TOKEN: token },
    stderr: 'pipe',
  });
}

async function connect(kind: Transport, app: AppProcess, token: string): Promise<Client> {
  const client = new Client({ name: 'lifeline-test', version: '1.0.0' });
  await client.connect(transportFor(kind, app, token));
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

const textOf = (result: CallToolResult, index = 0): string => {
  const item = result.content[index];
  if (item?.type !== 'text') throw new Error(`content ${index} is ${item?.type}, not text`);
  return item.text;
};
const jsonOf = <T>(result: CallToolResult): T => {
  expect(result.isError, textOf(result)).toBeFalsy();
  return JSON.parse(textOf(result)) as T;
};
const errorOf = (result: CallToolResult): string => {
  expect(result.isError).toBe(true);
  return textOf(result);
};

async function tokenOf(base: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}/api/user/api-token`, { headers: { cookie } });
  return ((await response.json()) as { apiToken: string }).apiToken;
}

async function post<T>(base: string, cookie: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

describeIf(chromiumMissing, 'MCP server over both transports', () => {
  let app: AppProcess;
  let dataDir: string;
  let ownerCookie: string;
  let ownerToken: string;
  let editorToken: string;
  let viewerToken: string;
  let strangerDiagram: Diagram;
  let folder: Folder;
  const live: LiveClient[] = [];

  beforeAll(async () => {
    if (!existsSync(STDIO_COMMAND)) throw new Error(`${STDIO_COMMAND} is missing: npm run build`);
    dataDir = seededDataDir('lifeline-mcp-');
    app = await startAppProcess({
      env: {
        DATA_DIR: dataDir,
        APP_SECRET: 'mcp-test-secret-0123456789abcdef0123',
        CHROME_PATH: chromium ?? '',
        // Every tool over both transports takes more than the default 120 calls a minute of a
        // token; the limit has its own suite below.
        RENDER_RATE_PER_MINUTE: '1000',
      },
    });
    ownerCookie = await signInAt(app.url, 'ada@example.test', 'Ada');
    ownerToken = await tokenOf(app.url, ownerCookie);
    folder = await post<Folder>(app.url, ownerCookie, '/api/folders', { name: 'Protocols' });
    editorToken = await tokenOf(app.url, await signInAt(app.url, 'grace@example.test', 'Grace'));
    viewerToken = await tokenOf(app.url, await signInAt(app.url, 'vera@example.test', 'Vera'));
    const strangerCookie = await signInAt(app.url, 'eve@example.test', 'Eve');
    strangerDiagram = await createDiagramAt(app.url, strangerCookie, {
      title: 'Not yours',
      content: SEQUENCE,
    });
  }, 120_000);

  afterAll(async () => {
    for (const client of live.splice(0)) client.destroy();
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers GET and DELETE on /mcp with 405 (stateless: POST only), and a bad token with 401', async () => {
    const get = await fetch(`${app.url}/mcp`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ error: MCP_POST_ONLY });
    const unauthorised = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer not-a-token',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toEqual({ error: INVALID_TOKEN });
  });

  it('answers malformed requests with a 4xx and keeps serving', async () => {
    const headers = {
      authorization: `Bearer ${ownerToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const notJson = await fetch(`${app.url}/mcp`, { method: 'POST', headers, body: '{nope' });
    expect(notJson.status).toBe(400);
    const notRpc = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(notRpc.status).toBe(400);
    const message = { jsonrpc: '2.0', id: 1, method: 'tools/call' };
    const batch = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify(Array.from({ length: 50 }, (_, id) => ({ ...message, id }))),
    });
    expect(batch.status).toBe(400);
    expect(await batch.json()).toEqual({ error: MCP_ONE_MESSAGE });
    const noAccept = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, accept: 'text/html' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(noAccept.status).toBe(406);
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it.each([
    ['an unknown method', { method: 'diagrams/steal' }],
    ['an unknown tool', { method: 'tools/call', params: { name: 'drop_tables', arguments: {} } }],
    [
      'arguments that are text',
      { method: 'tools/call', params: { name: 'read_diagram', arguments: 'x' } },
    ],
    [
      'an id that is no number',
      { method: 'tools/call', params: { name: 'read_diagram', arguments: { id: 'ten' } } },
    ],
    ['a foreign resource', { method: 'resources/read', params: { uri: 'file:///etc/passwd' } }],
    [
      'a malformed diagram uri',
      { method: 'resources/read', params: { uri: 'lifeline://diagrams/-1' } },
    ],
    [
      'deep nesting',
      {
        method: 'tools/call',
        params: {
          name: 'search',
          arguments: { query: JSON.parse('['.repeat(500) + ']'.repeat(500)) },
        },
      },
    ],
  ])('answers %s with a JSON-RPC or tool error, and keeps serving', async (_name, message) => {
    const response = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ownerToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, ...message }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      id: number;
      error?: { message: string };
      result?: { isError?: boolean };
    };
    expect(answer.id).toBe(7);
    expect(
      answer.error !== undefined || answer.result?.isError === true,
      JSON.stringify(answer),
    ).toBe(true);
    expect(JSON.stringify(answer)).not.toContain('root:');
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  describe.each<Transport>(['http', 'stdio'])('over %s', (kind) => {
    let client: Client;
    let created: ApiDiagram;

    beforeAll(async () => {
      client = await connect(kind, app, ownerToken);
    }, 60_000);
    afterAll(async () => {
      await client?.close();
    });

    it('lists every tool with its input schema', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      const create = tools.find((tool) => tool.name === 'create_diagram');
      expect(create?.inputSchema.required).toEqual(['content']);
      // render takes the formats the table gives MCP (src/shared/output-formats.ts).
      const render = tools.find((tool) => tool.name === 'render');
      expect(render?.inputSchema.properties?.format).toMatchObject({ enum: formatsOn('mcp') });
    });

    it('creates a diagram in a folder, then lists, searches and reads it', async () => {
      const word = `handshake${kind}`;
      created = jsonOf<ApiDiagram>(
        await call(client, 'create_diagram', {
          title: `Login ${kind}`,
          content: `${SEQUENCE}\n  Note over Bob: ${word}`,
          folderId: folder.id,
        }),
      );
      expect(created).toMatchObject({ title: `Login ${kind}`, folderId: folder.id });
      expect(created.url).toBe(`${app.url}/?diagramId=${created.id}`);

      const inFolder = jsonOf<Diagram[]>(
        await call(client, 'list_diagrams', { folderId: folder.id }),
      );
      expect(inFolder.map((d) => d.id)).toContain(created.id);
      expect(inFolder.map((d) => d.id)).not.toContain(strangerDiagram.id);
      const folders = jsonOf<Folder[]>(await call(client, 'list_folders'));
      expect(folders).toEqual([folder]);

      const found = jsonOf<{ diagrams: Diagram[]; folders: Folder[] }>(
        await call(client, 'search', { query: word.toUpperCase() }),
      );
      expect(found.diagrams.map((d) => d.id)).toEqual([created.id]);
      expect(found.folders).toEqual([]);
      const byFolderName = jsonOf<{ diagrams: Diagram[]; folders: Folder[] }>(
        await call(client, 'search', { query: 'protoc' }),
      );
      expect(byFolderName).toEqual({ diagrams: [], folders: [folder] });

      const read = await call(client, 'read_diagram', { id: created.id });
      expect(read.isError).toBeFalsy();
      expect(textOf(read, 1)).toBe(`${SEQUENCE}\n  Note over Bob: ${word}`);
      expect(JSON.parse(textOf(read, 0))).toMatchObject({ id: created.id, access: 'owner' });
    });

    it('updates and moves the diagram, and refuses an update with nothing to change', async () => {
      const updated = jsonOf<ApiDiagram>(
        await call(client, 'update_diagram', { id: created.id, content: SEQUENCE }),
      );
      expect(updated.content).toBe(SEQUENCE);
      const moved = jsonOf<ApiDiagram>(
        await call(client, 'move_diagram', { id: created.id, folderId: null }),
      );
      expect(moved.folderId).toBeNull();
      expect(errorOf(await call(client, 'update_diagram', { id: created.id }))).toContain(
        'send at least one of title, content or folderId',
      );
      expect(
        errorOf(await call(client, 'move_diagram', { id: created.id, folderId: 999_999 })),
      ).toContain('Folder not found');
    });

    it('draws a diagram by id or text: SVG as text, PNG as an image, PDF as a resource', async () => {
      const svg = await call(client, 'render', { id: created.id, format: 'svg' });
      expect(svg.isError, JSON.stringify(svg.content)).toBeFalsy();
      expect(textOf(svg)).toMatch(/^<svg[\s\S]*Alice[\s\S]*<\/svg>$/);

      const png = await call(client, 'render', { content: SEQUENCE, width: 320, height: 200 });
      const image = png.content[0];
      expect(image?.type).toBe('image');
      if (image?.type !== 'image') return;
      expect(image.mimeType).toBe('image/png');
      const bytes = Buffer.from(image.data, 'base64');
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(bytes.readUInt32BE(16)).toBe(320);

      const pdf = await call(client, 'render', { id: created.id, format: 'pdf' });
      const resource = pdf.content[0];
      expect(resource?.type).toBe('resource');
      if (resource?.type !== 'resource' || !('blob' in resource.resource)) {
        throw new Error('no PDF blob');
      }
      expect(resource.resource.mimeType).toBe('application/pdf');
      expect(Buffer.from(resource.resource.blob, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

      expect(errorOf(await call(client, 'render', {}))).toBe(NEED_ID_OR_CONTENT);
      expect(errorOf(await call(client, 'render', { content: SEQUENCE, format: 'gif' }))).toContain(
        "format must be 'svg', 'png', 'pdf', 'txt', 'ascii' or 'description'",
      );
    });

    it('draws a diagram as text, in Unicode box drawing or plain ASCII', async () => {
      const unicode = textOf(await call(client, 'render', { id: created.id, format: 'txt' }));
      expect(unicode).toContain('Alice');
      expect(unicode).toContain('Hello');
      expect(unicode).toMatch(/[┌─│]/);
      const ascii = textOf(await call(client, 'render', { content: SEQUENCE, format: 'ascii' }));
      expect(ascii).toContain('Bob');
      expect(ascii).toMatch(/^[\x20-\x7e\n]+$/);
      expect(
        errorOf(await call(client, 'render', { content: 'pie\n "a": 1', format: 'txt' })),
      ).toMatch(/text/i);
    });

    it('says a diagram in words: its participants, then its messages numbered', async () => {
      const words = textOf(
        await call(client, 'render', {
          content:
            'sequenceDiagram\n  accTitle: Hi\n  actor Alice\n  Alice->>Bob: Hello\n  Bob--)Alice: Hi',
          format: 'description',
        }),
      );
      expect(words).toBe(
        'Sequence diagram: Hi\n2 participants, 2 messages\n\nParticipants:\n- Alice (actor)\n- Bob (participant)\n\nMessages:\n1. Alice to Bob: Hello\n2. Bob to Alice: Hi (reply, async)\n',
      );
      const pie = textOf(
        await call(client, 'render', { content: 'pie\n "a": 1', format: 'description' }),
      );
      expect(pie).toBe('Pie chart\n');
    });

    it("validates text: mermaid's error with its line, and the editor's warnings with fixes", async () => {
      const broken = await call(client, 'validate', {
        content: 'sequenceDiagram\n  Alice->>Bob: Hello\n  Alice->>>: oops',
      });
      expect(broken.isError, textOf(broken)).toBeFalsy();
      const report = broken.structuredContent as {
        valid: boolean;
        errors: { line: number; message: string }[];
      };
      expect(report.valid).toBe(false);
      expect(report.errors[0]?.line).toBe(3);
      expect(textOf(broken)).toMatch(/^error, line 3: /);

      type Report = {
        valid: boolean;
        warnings: { line: number; message: string; fix: { label: string } | null }[];
      };
      const typo = (
        await call(client, 'validate', {
          content: 'sequenceDiagram\n  participant Alice\n  Alice->>Bob: Hi\n  Alcie->>Bob: ping',
        })
      ).structuredContent as Report;
      expect(typo.valid).toBe(true);
      expect(typo.warnings).toHaveLength(1);
      expect(typo.warnings[0]).toMatchObject({
        line: 4,
        fix: { label: expect.stringContaining('Alice') },
      });

      const open = (
        await call(client, 'validate', {
          content: 'sequenceDiagram\n  loop every minute\n  Alice->>Bob: ping',
        })
      ).structuredContent as Report;
      expect(open.valid).toBe(false);
      expect(open.warnings).toContainEqual(
        expect.objectContaining({ line: 2, fix: expect.objectContaining({ label: 'Add "end"' }) }),
      );

      const many = (
        await call(client, 'validate', {
          content: `sequenceDiagram\n  participant Alice\n${'  lop x\n'.repeat(2000)}`,
        })
      ).structuredContent as Report;
      expect(many.warnings).toHaveLength(2000);
      expect(many.warnings.at(-1)).toMatchObject({ line: 2002, message: 'Unknown keyword "lop"' });

      const clean = await call(client, 'validate', { content: SEQUENCE });
      expect(textOf(clean)).toBe('No errors or warnings.');
    });

    it('checks a diagram against a trace by id or text, JSON or protobuf, naming the drift', async () => {
      const trace = readTraceFixture(TRACE_FIXTURES.otlpJaegerUi);
      const drawn = drawTrace(parseTraceFile(trace).traces[0]!, traceOptionsSchema.parse({})).text;
      const diagram = jsonOf<ApiDiagram>(
        await call(client, 'create_diagram', { title: `traced ${kind}`, content: drawn }),
      );
      const byId = await call(client, 'check_trace', { id: diagram.id, trace });
      expect(byId.isError, textOf(byId)).toBeFalsy();
      expect(byId.structuredContent).toMatchObject({ ok: true, onlyInDiagram: [] });
      const proto = await call(client, 'check_trace', {
        id: diagram.id,
        trace: Buffer.from(otlpProtoOf(trace)).toString('base64'),
        encoding: 'base64',
      });
      expect(proto.structuredContent).toEqual(byId.structuredContent);
      const drift = await call(client, 'check_trace', {
        content: `${drawn}    Ghost->>Phantom: boo\n`,
        trace,
      });
      expect(drift.structuredContent).toMatchObject({
        ok: false,
        onlyInDiagram: [
          { from: 'Ghost', to: 'Phantom', label: 'boo', line: drawn.split('\n').length },
        ],
      });
      expect(textOf(drift)).toContain(
        `not in any trace, line ${drawn.split('\n').length}: Ghost -> Phantom: boo`,
      );
      expect(
        errorOf(await call(client, 'check_trace', { id: diagram.id, trace: '{"x": 1}' })),
      ).toContain('This is not a trace file.');
      expect(errorOf(await call(client, 'check_trace', { trace }))).toBe(NEED_ID_OR_CONTENT);
    });

    it('offers each diagram as a resource lifeline://diagrams/{id}', async () => {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['lifeline://diagrams/{id}']);
      const { resources } = await client.listResources();
      expect(resources).toContainEqual(
        expect.objectContaining({ uri: `lifeline://diagrams/${created.id}`, name: created.title }),
      );
      expect(resources.map((r) => r.uri)).not.toContain(
        `lifeline://diagrams/${strangerDiagram.id}`,
      );
      const { contents } = await client.readResource({ uri: `lifeline://diagrams/${created.id}` });
      expect(contents).toEqual([
        { uri: `lifeline://diagrams/${created.id}`, mimeType: 'text/vnd.mermaid', text: SEQUENCE },
      ]);
      // Another user's diagram and a missing one: "not found" (MCP's -32002), never a failure.
      for (const id of [strangerDiagram.id, 2_000_000_000]) {
        const refused = client.readResource({ uri: `lifeline://diagrams/${id}` });
        await expect(refused).rejects.toThrow(DIAGRAM_NOT_FOUND);
        await expect(refused).rejects.toMatchObject({ code: RESOURCE_NOT_FOUND });
      }
    });

    it("answers another user's diagram exactly like a missing one", async () => {
      for (const id of [strangerDiagram.id, 2_000_000_000]) {
        expect(errorOf(await call(client, 'read_diagram', { id }))).toBe(DIAGRAM_NOT_FOUND);
        expect(errorOf(await call(client, 'update_diagram', { id, content: 'graph TD' }))).toBe(
          DIAGRAM_NOT_FOUND,
        );
        expect(errorOf(await call(client, 'move_diagram', { id, folderId: null }))).toBe(
          DIAGRAM_NOT_FOUND,
        );
        expect(errorOf(await call(client, 'render', { id }))).toBe(DIAGRAM_NOT_FOUND);
      }
    });

    it('refuses a 1 MB text with the content limit', async () => {
      const huge = `sequenceDiagram\n${'  A->>B: x\n'.repeat(100_000)}`;
      expect(huge.length).toBeGreaterThan(1_000_000);
      expect(errorOf(await call(client, 'create_diagram', { content: huge }))).toContain(
        'content is too long: at most 1,000,000 characters',
      );
      expect(
        errorOf(await call(client, 'update_diagram', { id: created.id, content: huge })),
      ).toContain('content is too long: at most 1,000,000 characters');
      expect(errorOf(await call(client, 'validate', { content: huge }))).toContain(
        PREVIEW_TEXT.maxTextExceeded,
      );
    });

    it('lists, compares and restores versions; the restore reaches the open editor and stays', async () => {
      const first = 'sequenceDiagram\n  Alice->>Bob: first';
      const second = `${first}\n  Bob->>Alice: second`;
      const diagram = jsonOf<ApiDiagram>(
        await call(client, 'create_diagram', { title: `History ${kind}`, content: first }),
      );
      jsonOf<ApiDiagram>(await call(client, 'update_diagram', { id: diagram.id, content: second }));
      const editor = connectLive(app.url, diagramDocName(diagram.id), { cookie: ownerCookie });
      live.push(editor);
      await editor.synced;
      expect(editor.text.toString()).toBe(second);

      const versions = jsonOf<VersionSummary[]>(
        await call(client, 'list_versions', { id: diagram.id }),
      );
      expect(versions.map((version) => version.kind)).toEqual(['manual', 'created']);
      const [latest, created] = versions as [VersionSummary, VersionSummary];
      const diff = jsonOf<VersionDiffReply>(
        await call(client, 'diff_versions', { id: diagram.id, from: created.id, to: latest.id }),
      );
      expect(diff).toMatchObject({ diagramId: diagram.id, from: created.id, to: latest.id });
      expect(diff.diff).toMatchObject({ kind: 'sequence', summary: '1 message added' });

      const restored = jsonOf<ApiDiagram>(
        await call(client, 'restore_version', { id: diagram.id, versionId: created.id }),
      );
      expect(restored.content).toBe(first);
      await until(() => editor.text.toString() === first, 'the live document holds the restore');
      // The next live edit builds on the restored text: the restore is not lost to the store.
      editor.text.insert(first.length, '\n  Bob->>Alice: after');
      await until(() => !editor.provider.hasUnsyncedChanges, 'the live edit acknowledged');
      const read = await call(client, 'read_diagram', { id: diagram.id });
      expect(textOf(read, 1)).toBe(`${first}\n  Bob->>Alice: after`);
      const after = jsonOf<VersionSummary[]>(
        await call(client, 'list_versions', { id: diagram.id }),
      );
      expect(after.map((version) => version.kind)).toContain('restore');

      expect(
        errorOf(
          await call(client, 'restore_version', { id: diagram.id, versionId: 2_000_000_000 }),
        ),
      ).toBe(VERSION_NOT_FOUND);
      expect(
        errorOf(
          await call(client, 'diff_versions', {
            id: diagram.id,
            from: created.id,
            to: 2_000_000_000,
          }),
        ),
      ).toBe(VERSION_NOT_FOUND);
      expect(
        errorOf(await call(client, 'restore_version', { id: diagram.id, versionId: 0 })),
      ).toContain('versionId must be a positive whole number');
    });

    it('shares by public link and stops sharing, and moves a diagram to the trash', async () => {
      const diagram = jsonOf<ApiDiagram>(
        await call(client, 'create_diagram', { title: `Shared ${kind}`, content: SEQUENCE }),
      );
      type Sharing = { id: number; isPublic: boolean; shareUrl: string | null };
      const shared = jsonOf<Sharing>(
        await call(client, 'share_diagram', { id: diagram.id, isPublic: true }),
      );
      expect(shared).toMatchObject({ id: diagram.id, isPublic: true });
      const token = shared.shareUrl?.match(new RegExp(`^${app.url}/d/([\\w-]+)$`))?.[1];
      expect(token, String(shared.shareUrl)).toBeTruthy();
      const lookup = await fetch(`${app.url}/api/diagrams/shared/${token}`);
      expect(lookup.status).toBe(200);
      expect(((await lookup.json()) as { content: string }).content).toBe(SEQUENCE);
      expect(
        jsonOf<Sharing>(await call(client, 'share_diagram', { id: diagram.id, isPublic: false })),
      ).toEqual({ id: diagram.id, isPublic: false, shareUrl: null });
      expect((await fetch(`${app.url}/api/diagrams/shared/${token}`)).status).toBe(404);
      expect(
        errorOf(await call(client, 'share_diagram', { id: diagram.id, isPublic: 'yes' })),
      ).toContain('isPublic must be true or false');

      expect(jsonOf(await call(client, 'delete_diagram', { id: diagram.id }))).toMatchObject({
        id: diagram.id,
        deleted: true,
      });
      expect(errorOf(await call(client, 'read_diagram', { id: diagram.id }))).toBe(
        DIAGRAM_NOT_FOUND,
      );
      const trash = await fetch(`${app.url}/api/trash`, { headers: { cookie: ownerCookie } });
      expect(((await trash.json()) as { id: number }[]).map((d) => d.id)).toContain(diagram.id);
      expect(errorOf(await call(client, 'delete_diagram', { id: diagram.id }))).toBe(
        DIAGRAM_NOT_FOUND,
      );
    });

    it('refuses a viewer and an editor what their role may not do, and a stranger everything', async () => {
      const diagram = await createDiagramAt(app.url, ownerCookie, {
        title: `Roles ${kind}`,
        content: SEQUENCE,
      });
      for (const [email, role] of [
        ['vera@example.test', 'viewer'],
        ['grace@example.test', 'editor'],
      ]) {
        await post(app.url, ownerCookie, `/api/diagrams/${diagram.id}/collaborators`, {
          email,
          role,
        });
      }
      const [version] = jsonOf<VersionSummary[]>(
        await call(client, 'list_versions', { id: diagram.id }),
      );
      const versionId = version!.id;
      const id = diagram.id;
      const viewer = await connect(kind, app, viewerToken);
      const grace = await connect(kind, app, editorToken);
      try {
        // A viewer may read History, not change the diagram, share it or delete it.
        expect(jsonOf<VersionSummary[]>(await call(viewer, 'list_versions', { id }))).toHaveLength(
          1,
        );
        expect(
          jsonOf<VersionDiffReply>(
            await call(viewer, 'diff_versions', { id, from: versionId, to: versionId }),
          ).diagramId,
        ).toBe(id);
        expect(errorOf(await call(viewer, 'restore_version', { id, versionId }))).toBe(
          VIEWER_CANNOT_EDIT,
        );
        expect(errorOf(await call(viewer, 'share_diagram', { id, isPublic: true }))).toBe(
          VIEWER_CANNOT_EDIT,
        );
        expect(errorOf(await call(viewer, 'delete_diagram', { id }))).toBe(OWNER_ONLY_CHANGE);
        // An editor may restore, not share or delete.
        expect(jsonOf<ApiDiagram>(await call(grace, 'restore_version', { id, versionId })).id).toBe(
          id,
        );
        expect(errorOf(await call(grace, 'share_diagram', { id, isPublic: true }))).toBe(
          OWNER_ONLY_CHANGE,
        );
        expect(errorOf(await call(grace, 'delete_diagram', { id }))).toBe(OWNER_ONLY_CHANGE);
      } finally {
        await viewer.close();
        await grace.close();
      }
      const still = await fetch(`${app.url}/api/diagrams/${id}`, {
        headers: { cookie: ownerCookie },
      });
      // Neither shared nor in the trash.
      expect(still.status).toBe(200);
      expect(await still.json()).toMatchObject({ isPublic: false });

      // Another user's diagram and a missing one answer alike, whatever the tool.
      for (const other of [strangerDiagram.id, 2_000_000_000]) {
        for (const [tool, args] of [
          ['list_versions', {}],
          ['diff_versions', { from: versionId, to: versionId }],
          ['restore_version', { versionId }],
          ['share_diagram', { isPublic: true }],
          ['delete_diagram', {}],
        ] as const) {
          expect(errorOf(await call(client, tool, { id: other, ...args })), tool).toBe(
            DIAGRAM_NOT_FOUND,
          );
        }
      }
    });

    it('comments on a statement, replies, lists and resolves; a viewer comments but may not resolve', async () => {
      const diagram = await createDiagramAt(app.url, ownerCookie, {
        title: `Comments ${kind}`,
        content: SEQUENCE,
      });
      const id = diagram.id;
      await post(app.url, ownerCookie, `/api/diagrams/${id}/collaborators`, {
        email: 'vera@example.test',
        role: 'viewer',
      });
      const viewer = await connect(kind, app, viewerToken);
      try {
        const thread = jsonOf<Comment>(
          await call(viewer, 'add_comment', { id, body: 'Should this be async?', line: 2 }),
        );
        expect(thread).toMatchObject({ line: 2, resolved: false, author: { name: 'Vera' } });
        expect(errorOf(await call(viewer, 'resolve_comment', { id, commentId: thread.id }))).toBe(
          RESOLVE_REFUSED,
        );
        const reply = jsonOf<Comment>(
          await call(client, 'add_comment', { id, body: 'Yes', parentId: thread.id }),
        );
        expect(reply.parentId).toBe(thread.id);
        expect(errorOf(await call(client, 'add_comment', { id, body: 'x', line: 1 }))).toBe(
          NOT_A_STATEMENT,
        );
        const resolved = jsonOf<Comment>(
          await call(client, 'resolve_comment', { id, commentId: thread.id }),
        );
        expect(resolved.resolved).toBe(true);
        const [listed, ...rest] = jsonOf<CommentThread[]>(
          await call(viewer, 'list_comments', { id }),
        );
        expect(rest).toEqual([]);
        expect(listed).toMatchObject({ resolved: true, replies: [{ body: 'Yes' }] });
      } finally {
        await viewer.close();
      }
      expect(errorOf(await call(client, 'list_comments', { id: strangerDiagram.id }))).toBe(
        DIAGRAM_NOT_FOUND,
      );
    });

    it("reaches an open editor at once as a live edit, with the token's owner as author", async () => {
      // Ada owns the diagram and has it open; Grace, an invited editor, changes it through MCP.
      const diagram = await createDiagramAt(app.url, ownerCookie, {
        title: `Live ${kind}`,
        content: SEQUENCE,
      });
      await post(app.url, ownerCookie, `/api/diagrams/${diagram.id}/collaborators`, {
        email: 'grace@example.test',
        role: 'editor',
      });
      const editor = connectLive(app.url, diagramDocName(diagram.id), { cookie: ownerCookie });
      live.push(editor);
      await editor.synced;
      expect(editor.text.toString()).toBe(SEQUENCE);
      const grace = await connect(kind, app, editorToken);
      try {
        const read = await call(grace, 'read_diagram', { id: diagram.id });
        expect(JSON.parse(textOf(read, 0))).toMatchObject({ access: 'editor' });
        const next = `${SEQUENCE}\n  Alice->>Bob: sent through MCP over ${kind}`;
        jsonOf<ApiDiagram>(await call(grace, 'update_diagram', { id: diagram.id, content: next }));
        await until(() => editor.text.toString() === next, 'the live document holds the edit');
        expect(
          errorOf(await call(grace, 'move_diagram', { id: diagram.id, folderId: folder.id })),
        ).toBe(OWNER_ONLY_CHANGE);
      } finally {
        await grace.close();
      }
      const versions = (await (
        await fetch(`${app.url}/api/diagrams/${diagram.id}/versions`, {
          headers: { cookie: ownerCookie },
        })
      ).json()) as VersionSummary[];
      expect(versions[0]).toMatchObject({ kind: 'manual', savedBy: { name: 'Grace' } });
      expect(versions[0]?.authors.map((author) => author.name)).toEqual(['Grace']);
    });
  });

  it('runs from the repository with npm run --silent mcp, the token in the environment', async () => {
    const client = new Client({ name: 'lifeline-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: 'npm',
        args: ['run', '--silent', 'mcp', '--', '--url', app.url],
        env: { ...getDefaultEnvironment(), LIFELINE_TOKEN: ownerToken },
        stderr: 'pipe',
      }),
    );
    try {
      expect(jsonOf<Folder[]>(await call(client, 'list_folders'))).toEqual([folder]);
    } finally {
      await client.close();
    }
  });

  it('over HTTP, a bad token fails the connection with 401', async () => {
    await expect(connect('http', app, 'wrong-token')).rejects.toThrow(/401|Invalid API token/);
  });

  it('over stdio, a bad token makes every tool answer the API’s message', async () => {
    const client = await connect('stdio', app, 'wrong-token');
    try {
      expect(errorOf(await call(client, 'list_folders'))).toBe(INVALID_TOKEN);
    } finally {
      await client.close();
    }
  });
});

describeIf(chromiumMissing, 'MCP server under the per-token limit', () => {
  let app: AppProcess;
  let dataDir: string;
  const PER_MINUTE = 6;
  const FAILED_PER_MINUTE = 3;

  beforeAll(async () => {
    dataDir = seededDataDir('lifeline-mcp-limit-');
    app = await startAppProcess({
      env: {
        DATA_DIR: dataDir,
        APP_SECRET: 'mcp-limit-secret-0123456789abcdef0123',
        RENDER_RATE_PER_MINUTE: String(PER_MINUTE),
        FAILED_AUTHS_PER_MINUTE: String(FAILED_PER_MINUTE),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('over HTTP: past the limit /mcp answers 429 with the API’s message', async () => {
    const token = await tokenOf(app.url, await signInAt(app.url, 'http@example.test'));
    const client = await connect('http', app, token);
    try {
      let refused: unknown = null;
      for (let i = 0; i < PER_MINUTE + 2 && !refused; i++) {
        refused = await call(client, 'list_folders').then(
          () => null,
          (error: unknown) => error,
        );
      }
      expect(refused).toBeInstanceOf(StreamableHTTPError);
      expect((refused as StreamableHTTPError).code).toBe(429);
      expect(String(refused)).toMatch(/Too many requests\. Try again in \d+ seconds\./);
    } finally {
      await client.close();
    }
  });

  it('over stdio: past the limit a tool answers a tool error with the API’s message', async () => {
    const token = await tokenOf(app.url, await signInAt(app.url, 'stdio@example.test'));
    const client = await connect('stdio', app, token);
    try {
      const answers: CallToolResult[] = [];
      for (let i = 0; i < PER_MINUTE + 1; i++) answers.push(await call(client, 'list_folders'));
      expect(answers.slice(0, PER_MINUTE).every((answer) => !answer.isError)).toBe(true);
      expect(errorOf(answers[PER_MINUTE]!)).toMatch(
        /^Too many requests\. Try again in \d+ seconds\.$/,
      );
    } finally {
      await client.close();
    }
  });
  // Last: once this address is over its allowance of invalid tokens, valid ones are refused too.
  it('over HTTP: invalid tokens count towards the per-address limit, then even a valid one gets 429', async () => {
    const token = await tokenOf(app.url, await signInAt(app.url, 'late@example.test'));
    const statuses: number[] = [];
    for (let i = 0; i < FAILED_PER_MINUTE + 1; i++) {
      const refused = await connect('http', app, `wrong-${i}`).then(
        () => null,
        (error: unknown) => error as StreamableHTTPError,
      );
      statuses.push(refused?.code ?? 200);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const valid = await connect('http', app, token).then(
      () => null,
      (error: unknown) => error as StreamableHTTPError,
    );
    expect(valid?.code).toBe(429);
    expect(String(valid)).toContain(
      'Too many requests with an invalid API token from your address',
    );
  });
});
