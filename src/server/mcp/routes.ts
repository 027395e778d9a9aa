/**
 * /mcp: the MCP tools over streamable HTTP, stateless (a server and transport per request, JSON
 * answers, no session; see Decisions). The bearer token (the personal API token, or an
 * assistant's OAuth access token: see server/oauth), the per-token limit and the failed-auth
 * limit are /api/v1's; the request body is bounded by the app's body limit. The tools run in
 * process on /api/v1's operations.
 */
import type * as StreamableHttpModule from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limitedPerToken, type PublicApiDeps } from '../public-api/common.js';
import { tokenOwner } from '../public-api/token-access.js';
import type { ApiOperations } from '../public-api/operations.js';
import { badRequest, GENERIC_500 } from '../errors.js';
import { inProcessBackend } from './in-process.js';
import type * as ToolsModule from './tools.js';

export const MCP_PATH = '/mcp';
/** A batch would make many calls of one request, which the per-token limit counts once. */
export const MCP_ONE_MESSAGE = 'Send one JSON-RPC message per request (batches are not accepted).';
export const MCP_POST_ONLY =
  'This MCP endpoint is stateless: send each JSON-RPC message with POST (no event stream, no session to end).';

/**
 * The MCP SDK's server and transport and Lifeline's tools, loaded by the first call to /mcp: an
 * instance that no assistant calls never loads them (about 150 ms of CPU at every start, and in
 * every test suite that builds the app).
 */
const loadMcpServer = (() => {
  let parts: Promise<[typeof StreamableHttpModule, typeof ToolsModule]> | undefined;
  return () =>
    (parts ??= Promise.all([
      import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
      import('./tools.js'),
    ]));
})();

/** A JSON-RPC error answer for a request the transport never saw. */
function rpcError(reply: FastifyReply, status: number, message: string): void {
  const raw = reply.raw;
  if (raw.headersSent) {
    raw.end();
    return;
  }
  raw.statusCode = status;
  raw.setHeader('Content-Type', 'application/json');
  raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message }, id: null }));
}

export function mcpRoutes(app: FastifyInstance, deps: PublicApiDeps, operations: ApiOperations) {
  const limited = limitedPerToken(deps, 'per-tool');
  app.post(
    MCP_PATH,
    // An assistant signed in with OAuth calls here too (never /api/v1).
    { ...limited, config: { ...limited.config, assistantTokens: true }, schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { user, scope } = tokenOwner(request);
      if (Array.isArray(request.body)) throw badRequest(MCP_ONE_MESSAGE);
      const [{ StreamableHTTPServerTransport }, { lifelineMcpServer }] = await loadMcpServer();
      const server = lifelineMcpServer(inProcessBackend(operations, user), scope);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.once('close', () => {
        void transport.close().catch(() => undefined);
        void server.close().catch(() => undefined);
      });
      // The transport writes the answer itself; it keeps the headers every answer carries.
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'MCP request failed');
        rpcError(reply, 500, GENERIC_500);
      }
    },
  );

  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    config: { tokenAccess: 'no-token' },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply.status(405).header('Allow', 'POST').send({ error: MCP_POST_ONLY }),
  });
}
