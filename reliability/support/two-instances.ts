/**
 * Two Lifeline processes running the current source on one PostgreSQL database, their live
 * documents fanned out through Redis, as a scaled-out deployment runs: each can be stopped
 * (SIGTERM) or killed (SIGKILL) and started again on its port. Also the HTTP calls a person
 * or a program makes on them: read and write a diagram, restore a version, MCP update_diagram.
 */
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Diagram } from '../../src/shared/schemas.js';
import type { Version, VersionSummary } from '../../src/shared/versions.js';
import { startAppProcess, type AppProcess } from '../../test/support/app-process.js';

export interface Instances {
  apps: AppProcess[];
  /** Stops (SIGTERM) or kills (SIGKILL) instance `index`, then starts it again on its port. */
  restart(index: number, signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  stop(): Promise<void>;
}

export async function startInstances(databaseUrl: string, redisUrl: string): Promise<Instances> {
  const env = {
    DATABASE_URL: databaseUrl,
    APP_SECRET: randomBytes(32).toString('base64url'),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `lifeline-convergence-${randomBytes(4).toString('hex')}:`,
  };
  const start = (port?: number) =>
    startAppProcess({ entry: 'source', env: { ...env, ...(port ? { PORT: String(port) } : {}) } });
  const apps = await Promise.all([start(), start()]);
  return {
    apps,
    async restart(index, signal) {
      const app = apps[index]!;
      if (signal === 'SIGKILL') await app.kill();
      else await app.stop();
      apps[index] = await start(app.port);
    },
    async stop() {
      await Promise.all(apps.map((app) => app.stop()));
    },
  };
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export const readDiagram = async (base: string, cookie: string, id: number) =>
  json<Diagram>(
    await fetch(`${base}/api/diagrams/${id}`, { headers: { cookie } }),
    `GET /api/diagrams/${id}`,
  );

/** PUT /api/diagrams/:id with new content (no updatedAt: the write replaces the text). */
export async function writeContent(
  base: string,
  cookie: string,
  id: number,
  content: string,
): Promise<number> {
  const response = await fetch(`${base}/api/diagrams/${id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  await response.arrayBuffer();
  return response.status;
}

export async function listVersions(base: string, cookie: string, id: number) {
  return json<VersionSummary[]>(
    await fetch(`${base}/api/diagrams/${id}/versions`, { headers: { cookie } }),
    'GET versions',
  );
}

export async function readVersion(base: string, cookie: string, id: number, versionId: number) {
  return json<Version>(
    await fetch(`${base}/api/diagrams/${id}/versions/${versionId}`, { headers: { cookie } }),
    'GET version',
  );
}

/** History's restore: answers the status. */
export async function restoreVersion(
  base: string,
  cookie: string,
  id: number,
  versionId: number,
): Promise<number> {
  const response = await fetch(`${base}/api/diagrams/${id}/versions/${versionId}/restore`, {
    method: 'POST',
    headers: { cookie },
  });
  await response.arrayBuffer();
  return response.status;
}

export async function apiTokenOf(base: string, cookie: string): Promise<string> {
  const body = await json<{ apiToken: string }>(
    await fetch(`${base}/api/user/api-token`, { headers: { cookie } }),
    'GET /api/user/api-token',
  );
  return body.apiToken;
}

/** MCP update_diagram over /mcp with the user's token: answers whether it succeeded. */
export async function mcpUpdate(
  base: string,
  token: string,
  id: number,
  content: string,
): Promise<boolean> {
  const client = new Client({ name: 'lifeline-convergence', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  try {
    const result = await client.callTool({ name: 'update_diagram', arguments: { id, content } });
    return result.isError !== true;
  } finally {
    await client.close();
  }
}
