#!/usr/bin/env node
/**
 * lifeline-mcp: Lifeline's MCP tools over stdio, for assistants that start a process. It talks
 * to a Lifeline server's /api/v1 with your API token:
 *   lifeline-mcp --url https://lifeline.example.com --token <token>   (or LIFELINE_TOKEN)
 * Standard output carries the protocol alone; messages for people go to standard error.
 */
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from '../../shared/zod.js';
import { overHttpBackend } from './over-http.js';
import { lifelineMcpServer } from './tools.js';

export const USAGE = `Usage: lifeline-mcp --url <Lifeline address> [--token <API token>]

  --url     the Lifeline server, e.g. https://lifeline.example.com (or LIFELINE_URL)
  --token   your API token, from API Token in Lifeline's user menu (or LIFELINE_TOKEN)

Speaks MCP on standard input and output; an assistant starts it as an MCP server.`;

const options = z.object({
  url: z
    .string({ error: '--url is required (or set LIFELINE_URL)' })
    .pipe(z.url({ protocol: /^https?$/, error: '--url must be an http or https address' })),
  token: z
    .string({ error: '--token is required (or set LIFELINE_TOKEN)' })
    .trim()
    .min(1, '--token is required (or set LIFELINE_TOKEN)'),
});

function fail(message: string): never {
  process.stderr.write(`lifeline-mcp: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: { url?: string; token?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const given = options.safeParse({
    url: values.url ?? process.env.LIFELINE_URL,
    token: values.token ?? process.env.LIFELINE_TOKEN,
  });
  if (!given.success) fail(given.error.issues[0]?.message ?? 'invalid options');
  const server = lifelineMcpServer(overHttpBackend(given.data.url, given.data.token));
  const transport = new StdioServerTransport();
  process.stdin.on('error', () => process.exit(0));
  process.stdout.on('error', () => process.exit(0));
  await server.connect(transport);
}

main().catch((error: unknown) => {
  process.stderr.write(`lifeline-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
