/** A tool's answer as JSON: pretty text for a person, and the same value structured. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const json = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
  structuredContent: { result: value },
});
