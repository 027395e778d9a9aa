/**
 * The MCP tools for a diagram's comments: list the threads, comment on a statement or reply, and
 * resolve or reopen a thread. Each asks the back end, so the caller's role is checked where the
 * REST API checks it (comments/operations.ts), and a refusal carries the API's message.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { addCommentBody, commentParams, COMMENT_BODY_MAX, idParams } from '../../shared/schemas.js';
import { z } from '../../shared/zod.js';
import type { LifelineBackend } from './backend.js';
import { json } from './json-result.js';

const diagramId = idParams.shape.id.describe('The id of the diagram.');
const commentId = commentParams.shape.commentId;

export function registerCommentTools(server: McpServer, backend: LifelineBackend): void {
  server.registerTool(
    'list_comments',
    {
      title: "List a diagram's comments",
      description:
        "The diagram's comment threads, oldest first: each first comment with its author, body, line (the statement's current 1-based line in the text, or null when the statement was deleted: outdated), resolved, and its replies. Any role may read them.",
      inputSchema: { id: diagramId },
      annotations: { readOnlyHint: true },
    },
    async ({ id }) => json(await backend.listComments(id)),
  );

  server.registerTool(
    'add_comment',
    {
      title: 'Comment on a statement',
      description: `Starts a thread on the statement at line (1-based: a message, participant, note or block line; read_diagram shows the text), or with parentId replies to a thread. The body is plain text up to ${COMMENT_BODY_MAX.toLocaleString('en')} characters; @name of a collaborator mentions them. Any role may comment.`,
      inputSchema: {
        id: diagramId,
        body: addCommentBody.shape.body.describe('The comment, plain text.'),
        line: addCommentBody.shape.line.describe(
          'The 1-based line of the statement to comment on (a new thread).',
        ),
        parentId: addCommentBody.shape.parentId.describe(
          'The thread to reply to (its first comment’s id), instead of line.',
        ),
      },
      annotations: { idempotentHint: false },
    },
    async ({ id, body, line, parentId }) => {
      if ((line === undefined) === (parentId === undefined)) {
        throw new Error('Give line for a new comment or parentId for a reply (one of them).');
      }
      return json(await backend.addComment(id, { body, line, parentId }));
    },
  );

  server.registerTool(
    'resolve_comment',
    {
      title: 'Resolve or reopen a thread',
      description:
        'Marks a comment thread resolved (resolved true, the default) or open again (false), by its first comment’s id (from list_comments). Owner or editor.',
      inputSchema: {
        id: diagramId,
        commentId: commentId.describe('The thread’s first comment.'),
        resolved: z
          .boolean({ error: 'resolved must be true or false' })
          .default(true)
          .describe('true: resolve the thread; false: reopen it.'),
      },
      annotations: { idempotentHint: true },
    },
    async ({ id, commentId, resolved }) =>
      json(await backend.updateComment(id, commentId, { resolved })),
  );
}
