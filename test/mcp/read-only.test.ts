/**
 * A read-only API token on the MCP server, over both transports (/mcp in process, the built
 * lifeline-mcp command over /api/v1), with the SDK's own client. The tools are walked as the
 * server lists them: a tool that does not declare `readOnlyHint: true` must answer the token's
 * refusal, and every tool that does must answer exactly as it answers a full token. The stdio
 * command takes the read-only token from a file.
 */
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { seededDataDir } from '../support/databases.js';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTraceFixture, TRACE_FIXTURES } from '../fixtures/traces/fixtures.js';
import { READ_ONLY_TOKEN } from '../../src/server/api-tokens/bearer.js';
import { findChromium } from '../../src/server/chromium-render/chromium.js';
import type { ApiToken, Diagram, Folder, TokenScope } from '../../src/shared/schemas.js';
import type { VersionSummary } from '../../src/shared/versions.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { createDiagramAt, signInAt } from '../support/http-sign-in.js';
import { describeIf } from '../support/needs.js';

const STDIO_COMMAND = 'dist/node/server/mcp/stdio.js';
const chromium = findChromium();
const chromiumMissing = chromium ? null : 'no Chromium found (install chromium or set CHROME_PATH)';
const SEQUENCE = 'sequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>Alice: Hi';

type Transport = 'http' | 'stdio';

describeIf(chromiumMissing, 'MCP tools with a read-only token', () => {
  let app: AppProcess;
  let dataDir: string;
  let cookie: string;
  let diagram: Diagram;
  let arguments_: Record<string, unknown>;

  /** Makes the user's token anew with `scope` (the old one stops working). */
  async function tokenWith(scope: TokenScope): Promise<string> {
    const response = await fetch(`${app.url}/api/user/regenerate-api-token`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ scope }),
    });
    const body = (await response.json()) as ApiToken;
    expect(body.scope).toBe(scope);
    return body.apiToken;
  }

  /** Over stdio the token comes from a file of the user's alone, padded as editors leave it. */
  function transportFor(kind: Transport, token: string) {
    if (kind === 'http') {
      return new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      });
    }
    const file = join(dataDir, `token-${Date.now()}`);
    writeFileSync(file, `  ${token}\n`);
    chmodSync(file, 0o600);
    return new StdioClientTransport({
      command: process.execPath,
      args: [STDIO_COMMAND, '--url', app.url],
      env: { PATH: process.env.PATH ?? '', LIFELINE_TOKEN_FILE: file },
      stderr: 'pipe',
    });
  }

  async function connect(kind: Transport, token: string): Promise<Client> {
    const client = new Client({ name: 'lifeline-read-only-test', version: '1.0.0' });
    await client.connect(transportFor(kind, token));
    return client;
  }

  /** Every property of the tool's input that the test has a value for; each required one too. */
  function argumentsFor(tool: Tool): Record<string, unknown> {
    const properties = Object.keys(tool.inputSchema.properties ?? {});
    const missing = (tool.inputSchema.required ?? []).filter((name) => !(name in arguments_));
    if (missing.length) throw new Error(`${tool.name}: no test value for ${missing.join(', ')}`);
    return Object.fromEntries(
      properties.filter((name) => name in arguments_).map((name) => [name, arguments_[name]]),
    );
  }

  const call = async (client: Client, tool: Tool) =>
    (await client.callTool({ name: tool.name, arguments: argumentsFor(tool) })) as CallToolResult;
  const reads = (tool: Tool) => tool.annotations?.readOnlyHint === true;

  beforeAll(async () => {
    dataDir = seededDataDir('lifeline-mcp-read-only-');
    app = await startAppProcess({
      env: {
        DATA_DIR: dataDir,
        APP_SECRET: 'mcp-read-only-secret-0123456789abcdef',
        CHROME_PATH: chromium ?? '',
        RENDER_RATE_PER_MINUTE: '1000',
      },
    });
    cookie = await signInAt(app.url, 'reader@example.test', 'Reader');
    await fetch(`${app.url}/api/folders`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Protocols' }),
    }).then((response) => response.json() as Promise<Folder>);
    diagram = await createDiagramAt(app.url, cookie, { title: 'Handshake', content: SEQUENCE });
    const versions = (await (
      await fetch(`${app.url}/api/diagrams/${diagram.id}/versions`, { headers: { cookie } })
    ).json()) as VersionSummary[];
    const version = versions[0]!.id;
    arguments_ = {
      id: diagram.id,
      versionId: version,
      from: version,
      to: version,
      query: 'Hello',
      content: `${SEQUENCE}\n  Alice->>Bob: Changed`,
      title: 'Changed',
      folderId: null,
      isPublic: true,
      trace: readTraceFixture(TRACE_FIXTURES.zipkinSkew),
      body: 'Should this call be async?',
      line: 2,
      commentId: 1,
    };
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  describe.each<Transport>(['http', 'stdio'])('over %s', (kind) => {
    it('lists every tool, refuses each that writes, and answers each that reads as for a full token', async () => {
      const full = await connect(kind, await tokenWith('full'));
      let tools: Tool[];
      const expected = new Map<string, CallToolResult>();
      try {
        ({ tools } = await full.listTools());
        for (const tool of tools.filter(reads)) expected.set(tool.name, await call(full, tool));
      } finally {
        await full.close();
      }
      expect(tools.filter(reads).length).toBeGreaterThan(3);
      expect(tools.filter((tool) => !reads(tool)).length).toBeGreaterThan(3);

      const client = await connect(kind, await tokenWith('read'));
      try {
        expect((await client.listTools()).tools).toEqual(tools);
        // The writes first: every read after them must still see the diagram as it was.
        for (const tool of tools.filter((tool) => !reads(tool))) {
          const result = await call(client, tool);
          expect(result, tool.name).toEqual({
            content: [{ type: 'text', text: READ_ONLY_TOKEN }],
            isError: true,
          });
        }
        for (const tool of tools.filter(reads)) {
          expect(await call(client, tool), tool.name).toEqual(expected.get(tool.name));
        }
      } finally {
        await client.close();
      }
    }, 120_000);

    it('reads, draws and offers diagrams as resources with a read-only token', async () => {
      const client = await connect(kind, await tokenWith('read'));
      try {
        const drawn = (await client.callTool({
          name: 'render',
          arguments: { id: diagram.id, format: 'svg' },
        })) as CallToolResult;
        expect(drawn.isError).toBeFalsy();
        expect(drawn.content[0]).toMatchObject({
          type: 'text',
          text: expect.stringContaining('<svg'),
        });
        const checked = (await client.callTool({
          name: 'check_trace',
          arguments: { id: diagram.id, trace: readTraceFixture(TRACE_FIXTURES.zipkinSkew) },
        })) as CallToolResult;
        expect(checked.structuredContent).toMatchObject({ ok: false, matched: 0 });
        const uri = `lifeline://diagrams/${diagram.id}`;
        const { contents } = await client.readResource({ uri });
        expect(contents).toEqual([{ uri, mimeType: 'text/vnd.mermaid', text: SEQUENCE }]);
      } finally {
        await client.close();
      }
    }, 60_000);
  });
});
