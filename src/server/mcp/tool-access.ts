/**
 * Read-only tokens and the MCP tools, decided in one place: a tool writes unless it declares the
 * MCP annotation `readOnlyHint: true` (the protocol's own default), and for a read-only token every
 * tool that writes answers a tool error with the API's message instead of running. Such a token
 * still lists every tool, so an assistant sees what a full token could do. Resources only read.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { TokenScope } from '../../shared/schemas.js';
import { READ_ONLY_TOKEN } from '../api-tokens/bearer.js';

/** Whether a tool's declaration says it changes nothing (anything else counts as a write). */
export const toolReads = (config: { annotations?: { readOnlyHint?: boolean } }) =>
  config.annotations?.readOnlyHint === true;

/** From here on, tools registered on `server` that write refuse to run for a `read` token. */
export function guardToolWrites(server: McpServer, scope: TokenScope): void {
  if (scope === 'full') return;
  const register = server.registerTool.bind(server);
  const refuse = () => {
    throw new Error(READ_ONLY_TOKEN);
  };
  const guarded: McpServer['registerTool'] = (name, config, callback) =>
    // The refusal takes no arguments, so it stands in for a callback of any input schema (the
    // callback's type depends on the schema's generic, which TypeScript cannot match it to).
    register(name, config, toolReads(config) ? callback : (refuse as unknown as typeof callback));
  server.registerTool = guarded;
}
