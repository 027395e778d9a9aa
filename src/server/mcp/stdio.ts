#!/usr/bin/env node
/**
 * lifeline-mcp: Lifeline's MCP tools over stdio, for assistants that start a process. It talks
 * to a Lifeline server's /api/v1 with your API token, taken from the environment or a file, never
 * from the command line (stdio-token.ts):
 *   LIFELINE_TOKEN=<token> lifeline-mcp --url https://lifeline.example.com
 *   LIFELINE_TOKEN_FILE=~/.config/lifeline/token lifeline-mcp --url https://lifeline.example.com
 * Standard output carries the protocol alone; messages for people go to standard error.
 */
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from '../../shared/zod.js';
import { looksLikeApiToken } from '../api-tokens/token-crypto.js';
import { overHttpBackend } from './over-http.js';
import { TOKEN_ON_COMMAND_LINE, tokenFromEnvironment, TokenSourceError } from './stdio-token.js';
import { lifelineMcpServer } from './tools.js';

export const USAGE = `Usage: lifeline-mcp --url <Lifeline address>

  --url                the Lifeline server, e.g. https://lifeline.example.com (or LIFELINE_URL)
  LIFELINE_TOKEN       your API token, from API Token in Lifeline's user menu, or
  LIFELINE_TOKEN_FILE  a file that holds it, readable by you alone (chmod 600)

The token is never taken from the command line, where ps shows it to every user.
Speaks MCP on standard input and output; an assistant starts it as an MCP server.`;

const url = z
  .string({ error: '--url is required (or set LIFELINE_URL)' })
  .pipe(z.url({ protocol: /^https?$/, error: '--url must be an http or https address' }));

function fail(message: string): never {
  process.stderr.write(`lifeline-mcp: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: { url?: string; token?: string; help?: boolean };
  let positionals: string[];
  try {
    // --token is known only to refuse it with its reason (strict parsing would call it unknown).
    ({ values, positionals } = parseArgs({
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.token !== undefined || positionals.some(looksLikeApiToken)) {
    fail(TOKEN_ON_COMMAND_LINE);
  }
  if (positionals.length > 0) fail(`unexpected argument '${positionals[0]}'`);
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const address = url.safeParse(values.url ?? process.env.LIFELINE_URL);
  if (!address.success) fail(address.error.issues[0]?.message ?? 'invalid --url');
  let token: string;
  try {
    token = tokenFromEnvironment(process.env);
  } catch (error) {
    if (!(error instanceof TokenSourceError)) throw error;
    fail(error.message);
  }
  // The server knows the token's scope: a read-only one is refused every change over /api/v1.
  const server = lifelineMcpServer(overHttpBackend(address.data, token));
  const transport = new StdioServerTransport();
  process.stdin.on('error', () => process.exit(0));
  process.stdout.on('error', () => process.exit(0));
  await server.connect(transport);
}

main().catch((error: unknown) => {
  process.stderr.write(`lifeline-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
