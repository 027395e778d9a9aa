/**
 * Lifeline's MCP tools and its diagram resource, defined once for both transports: each takes
 * its input through the API's own schemas and asks a LifelineBackend (this instance in process,
 * or /api/v1 over HTTP). A refusal is thrown with the API's message, which the SDK answers as a
 * tool error (`isError: true`). A tool that changes nothing says so with `readOnlyHint: true`;
 * every other tool writes, and a read-only token may not call it (tool-access.ts).
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PRODUCT_NAME } from '../../shared/constants.js';
import { diagramFamily } from '../../shared/mermaid-reader/kind.js';
import { parseErrorLocation } from '../../shared/mermaid-reader/parse-error.js';
import { sequenceWarnings } from '../../shared/mermaid-reader/warnings.js';
import {
  apiCreateDiagramBody,
  apiUpdateDiagramBody,
  convertBody,
  convertFields,
  convertFormat,
  idParams,
  SEARCH_QUERY_MAX,
  type DiagramSummary,
  type TokenScope,
} from '../../shared/schemas.js';
import { traceCheckSchema } from '../../shared/trace/check.js';
import { TRACE_FILE_MAX_BYTES } from '../../shared/trace/index.js';
import { z } from '../../shared/zod.js';
import { statusOf, type LifelineBackend, type RenderedImage } from './backend.js';
import { registerCommentTools } from './comment-tools.js';
import { registerDiagramActionTools } from './diagram-action-tools.js';
import { json } from './json-result.js';
import { guardToolWrites } from './tool-access.js';

export const MCP_SERVER_NAME = 'lifeline';
/** The tools' version: it follows the /api/v1 document's. */
export const MCP_SERVER_VERSION = '1.0.0';
export const DIAGRAM_URI_PREFIX = 'lifeline://diagrams/';
/** Diagram text as a resource: Mermaid has no registered media type. */
export const MERMAID_MIME = 'text/vnd.mermaid';

/** A trace file's text, or its bytes in base64 (4 characters for 3 bytes). */
const TRACE_FILE_MAX_CHARACTERS = Math.ceil(TRACE_FILE_MAX_BYTES / 3) * 4;

export const NEED_ID_OR_CONTENT = 'send either id (a diagram of yours) or content (diagram text)';
/** The MCP error code of a resource that does not exist (or is not the caller's to read). */
export const RESOURCE_NOT_FOUND = -32002;

/** `value` as `schema` reads it, or the API's message for the first thing wrong with it. */
function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new Error(result.error.issues[0]?.message ?? 'The input is invalid.');
}

/** 1-based line and column of character offsets in `text`: one pass, then a binary search each. */
function positionsIn(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
  };
}

/** A rendered image as MCP content: SVG and text as text, PNG as an image, PDF as a resource. */
export function imageContent(image: RenderedImage): CallToolResult['content'] {
  const type = image.contentType.split(';')[0]?.trim() ?? '';
  const data = Buffer.from(image.body);
  const drawn: CallToolResult['content'] = [];
  if (type === 'image/svg+xml' || type.startsWith('text/')) {
    drawn.push({ type: 'text', text: data.toString('utf8') });
  } else if (type.startsWith('image/')) {
    drawn.push({ type: 'image', data: data.toString('base64'), mimeType: type });
  } else {
    drawn.push({
      type: 'resource',
      resource: {
        uri: 'lifeline://render/diagram.pdf',
        mimeType: type,
        blob: data.toString('base64'),
      },
    });
  }
  if (image.fallback) {
    drawn.push({
      type: 'text',
      text: 'Mermaid failed on the text as written; this drawing has its %% comment lines removed, as the preview shows it.',
    });
  }
  return drawn;
}

const diagramId = idParams.shape.id.describe('The id of the diagram.');

/**
 * Render options: convert's own, with MCP's formats (src/shared/output-formats.ts) and the
 * diagram given by id or by text.
 */
const renderInput = convertFields.omit({ content: true }).extend({
  format: convertFormat('mcp'),
  id: diagramId.optional().describe('A diagram of yours (or shared with you) to draw.'),
  content: convertFields.shape.content
    .optional()
    .describe('Diagram text to draw instead of an id.'),
});

const resourceOf = (diagram: DiagramSummary) => ({
  uri: `${DIAGRAM_URI_PREFIX}${diagram.id}`,
  name: diagram.title,
  mimeType: MERMAID_MIME,
});

/** Registers every tool and the diagram resource on `server`, answered by `backend`. */
export function registerLifelineTools(server: McpServer, backend: LifelineBackend): void {
  server.registerTool(
    'list_diagrams',
    {
      title: 'List diagrams',
      description:
        'Your diagrams (id, title, folderId, updatedAt), newest first, without their text. Give folderId to list one folder (null: the root).',
      inputSchema: { folderId: apiCreateDiagramBody.shape.folderId },
      annotations: { readOnlyHint: true },
    },
    async ({ folderId }) => {
      const diagrams = await backend.listDiagrams();
      return json(
        folderId === undefined
          ? diagrams
          : diagrams.filter((diagram) => diagram.folderId === folderId),
      );
    },
  );

  server.registerTool(
    'list_folders',
    {
      title: 'List folders',
      description: 'Your folders (id, name) in the order the sidebar shows them.',
      annotations: { readOnlyHint: true },
    },
    async () => json(await backend.listFolders()),
  );

  server.registerTool(
    'search',
    {
      title: 'Search diagrams and folders',
      description:
        'Your diagrams whose title or text contains the query, and your folders whose name does (any case).',
      inputSchema: {
        query: z
          .string()
          .trim()
          .min(1, 'query must not be blank')
          .max(SEARCH_QUERY_MAX, `query must be at most ${SEARCH_QUERY_MAX} characters`),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ query }) => {
      const needle = query.toLowerCase();
      const [diagrams, folders] = await Promise.all([
        backend.listDiagrams(query),
        backend.listFolders(),
      ]);
      return json({
        diagrams,
        folders: folders.filter((folder) => folder.name.toLowerCase().includes(needle)),
      });
    },
  );

  server.registerTool(
    'read_diagram',
    {
      title: 'Read a diagram',
      description:
        "A diagram's Mermaid text as open editors have it, after a line with its title, id, your access and updatedAt.",
      inputSchema: { id: diagramId },
      annotations: { readOnlyHint: true },
    },
    async ({ id }) => {
      const { content, ...about } = await backend.readDiagram(id);
      return {
        content: [
          { type: 'text', text: JSON.stringify(about) },
          { type: 'text', text: content },
        ],
        structuredContent: { result: { ...about, content } },
      };
    },
  );

  server.registerTool(
    'create_diagram',
    {
      title: 'Create a diagram',
      description: `Saves Mermaid text as a new diagram in your ${PRODUCT_NAME} account and answers it with the address that opens it in the editor.`,
      inputSchema: apiCreateDiagramBody,
    },
    async (body) => json(await backend.createDiagram(body)),
  );

  server.registerTool(
    'update_diagram',
    {
      title: 'Change a diagram',
      description:
        "Replaces a diagram's text and/or title. Editors that have it open see the change at once; History records you as its author. Send updatedAt (from read_diagram) to be refused when someone changed it since.",
      inputSchema: {
        id: diagramId,
        title: apiUpdateDiagramBody.shape.title,
        content: apiUpdateDiagramBody.shape.content,
        updatedAt: apiUpdateDiagramBody.shape.updatedAt,
      },
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    async ({ id, ...change }) =>
      json(await backend.updateDiagram(id, parsed(apiUpdateDiagramBody, change))),
  );

  server.registerTool(
    'move_diagram',
    {
      title: 'Move a diagram',
      description: 'Moves a diagram you own into one of your folders (folderId null: the root).',
      inputSchema: { id: diagramId, folderId: apiUpdateDiagramBody.shape.folderId.unwrap() },
      annotations: { idempotentHint: true },
    },
    async ({ id, folderId }) => json(await backend.updateDiagram(id, { folderId })),
  );

  server.registerTool(
    'render',
    {
      title: 'Draw a diagram',
      description:
        'Draws a diagram of yours (id) or diagram text (content) with the renderer of the preview: SVG as text, PNG as an image, PDF as an embedded resource; txt and ascii as a text drawing, description as the diagram in words (its participants, then its messages numbered in order) for reading aloud.',
      inputSchema: renderInput,
      annotations: { readOnlyHint: true },
    },
    async ({ id, content, ...options }) => {
      if ((id === undefined) === (content === undefined)) throw new Error(NEED_ID_OR_CONTENT);
      const text = id === undefined ? content : (await backend.readDiagram(id)).content;
      const image = await backend.render(parsed(convertBody, { ...options, content: text }));
      return { content: imageContent(image) };
    },
  );

  server.registerTool(
    'validate',
    {
      title: 'Check diagram text',
      description:
        "What the editor marks in the text: mermaid's syntax error (line and column) and the warnings of a sequence diagram (likely typos, blocks left open), each with its suggested fix.",
      inputSchema: { content: convertFields.shape.content },
      annotations: { readOnlyHint: true },
    },
    async ({ content }) => {
      const errors: { line: number; column: number | null; message: string }[] = [];
      try {
        await backend.render(parsed(convertBody, { content, format: 'svg' }));
      } catch (error) {
        // A 400 is mermaid refusing the text; anything else (busy, no renderer) is the tool's.
        if (statusOf(error) !== 400 || !(error instanceof Error)) throw error;
        const { line, column } = parseErrorLocation(error.message, content);
        errors.push({ line, column: column === null ? null : column + 1, message: error.message });
      }
      const at = positionsIn(content);
      const warnings =
        diagramFamily(content) === 'sequence'
          ? sequenceWarnings(content).map((warning) => ({
              ...at(warning.from),
              message: warning.message,
              fix: warning.fix && {
                label: warning.fix.label,
                ...at(warning.fix.from),
                replace: content.slice(warning.fix.from, warning.fix.to),
                insert: warning.fix.insert,
              },
            }))
          : [];
      const result = { valid: errors.length === 0, errors, warnings };
      const lines = [
        ...errors.map((e) => `error, line ${e.line}: ${e.message}`),
        ...warnings.map(
          (w) => `warning, line ${w.line}: ${w.message}${w.fix ? ` (fix: ${w.fix.label})` : ''}`,
        ),
      ];
      return {
        content: [
          { type: 'text', text: lines.length ? lines.join('\n') : 'No errors or warnings.' },
          { type: 'text', text: JSON.stringify(result, null, 2) },
        ],
        structuredContent: result,
      };
    },
  );

  server.registerTool(
    'check_trace',
    {
      title: 'Check a diagram against a trace',
      description:
        'Does a sequence diagram (id, or content) still match the system? Compares its messages with the calls a trace file recorded (OTLP JSON or protobuf, Grafana Tempo, Jaeger, Zipkin), caller service → callee service; a participant stands for a service by id or display name (case and punctuation ignored) or by a comment `%% service Pay = payment-service`. Answers ok, matched, onlyInTrace (calls the diagram lacks, with how often), onlyInDiagram (messages no trace shows, with their line) and labels (labels that differ; not drift).',
      inputSchema: {
        id: diagramId.optional().describe('A diagram of yours (or shared with you) to check.'),
        content: convertFields.shape.content
          .optional()
          .describe('Diagram text to check instead of an id.'),
        trace: z
          .string()
          .min(1, 'trace must hold the trace file')
          .max(TRACE_FILE_MAX_CHARACTERS, 'trace is larger than a trace file may be')
          .describe('The trace file: its text, or with encoding base64 its bytes (a .pb file).'),
        encoding: z
          .enum(['text', 'base64'])
          .default('text')
          .describe('How trace is written: text (JSON, JSON lines) or base64 (protobuf).'),
      },
      outputSchema: traceCheckSchema.shape,
      annotations: { readOnlyHint: true },
    },
    async ({ id, content, trace, encoding }) => {
      if ((id === undefined) === (content === undefined)) throw new Error(NEED_ID_OR_CONTENT);
      const bytes = Buffer.from(trace, encoding === 'base64' ? 'base64' : 'utf8');
      const result = await backend.checkTrace(
        id === undefined ? { content: content! } : { id },
        bytes,
      );
      const lines = [
        result.ok
          ? `The diagram matches the trace: ${result.matched} messages stand for traced calls.`
          : `The diagram drifted from the trace (${result.matched} messages match).`,
        ...result.onlyInTrace.map(
          (c) => `missing call: ${c.from} -> ${c.to}: ${c.label} (${c.count}x)`,
        ),
        ...result.onlyInDiagram.map(
          (m) => `not in any trace, line ${m.line}: ${m.from} -> ${m.to}: ${m.label}`,
        ),
      ];
      return {
        content: [
          { type: 'text', text: lines.join('\n') },
          { type: 'text', text: JSON.stringify(result, null, 2) },
        ],
        structuredContent: result,
      };
    },
  );

  server.registerResource(
    'diagram',
    new ResourceTemplate(`${DIAGRAM_URI_PREFIX}{id}`, {
      list: async () => ({ resources: (await backend.listDiagrams()).map(resourceOf) }),
    }),
    {
      title: 'Diagram',
      description: 'A diagram of yours: its Mermaid text.',
      mimeType: MERMAID_MIME,
    },
    async (uri, variables) => {
      const id = parsed(idParams.shape.id, variables.id);
      const diagram = await backend.readDiagram(id).catch((error: unknown) => {
        // Missing, or another user's: the MCP answer for a resource not found, not a failure.
        if (statusOf(error) !== 404 || !(error instanceof Error)) throw error;
        throw new McpError(RESOURCE_NOT_FOUND, error.message, { uri: uri.href });
      });
      return {
        contents: [{ uri: uri.href, mimeType: MERMAID_MIME, text: diagram.content }],
      };
    },
  );

  registerDiagramActionTools(server, backend);
  registerCommentTools(server, backend);
}

/**
 * A server with every tool, answered by `backend`. With a read-only token (`scope` read) the tools
 * that write refuse to run (tool-access.ts); over HTTP the server refuses them as well.
 */
export function lifelineMcpServer(backend: LifelineBackend, scope: TokenScope = 'full'): McpServer {
  const server = new McpServer({
    name: MCP_SERVER_NAME,
    title: PRODUCT_NAME,
    version: MCP_SERVER_VERSION,
  });
  guardToolWrites(server, scope);
  registerLifelineTools(server, backend);
  return server;
}
