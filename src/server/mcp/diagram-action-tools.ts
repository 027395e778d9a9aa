/**
 * The MCP tools for what a person does with a diagram beside editing it: History (list, compare
 * and restore versions), sharing by public link and moving to the trash. Each asks the back end,
 * so the caller's role is checked where the REST API checks it (the writer, the stores and
 * shared/policy/can.ts), and a refusal carries the API's message.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { idParams } from '../../shared/schemas.js';
import { TRASH_DAYS, versionIdField } from '../../shared/versions.js';
import { z } from '../../shared/zod.js';
import type { LifelineBackend } from './backend.js';
import { json } from './json-result.js';

const diagramId = idParams.shape.id.describe('The id of the diagram.');
const versionId = (field: string, about: string) => versionIdField(field).describe(about);

export function registerDiagramActionTools(server: McpServer, backend: LifelineBackend): void {
  server.registerTool(
    'list_versions',
    {
      title: "List a diagram's versions",
      description:
        'The versions History shows, newest first, without their text: id, kind (created, manual, auto, restore…), savedAt, who saved it and its authors. Any role may list them.',
      inputSchema: { id: diagramId },
      annotations: { readOnlyHint: true },
    },
    async ({ id }) => json(await backend.listVersions(id)),
  );

  server.registerTool(
    'diff_versions',
    {
      title: 'Compare two versions',
      description:
        "What changed between two versions of a diagram (ids from list_versions): a sequence diagram message by message (participants, messages, notes, blocks) with a summary line; any other diagram by its lines. History's compare.",
      inputSchema: {
        id: diagramId,
        from: versionId(`from`, 'The version compared from (the older one, usually).'),
        to: versionId('to', 'The version compared to.'),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ id, from, to }) => json(await backend.diffVersions(id, { from, to })),
  );

  server.registerTool(
    'restore_version',
    {
      title: 'Restore a version',
      description:
        "Makes a version's title and text current again, as History's Restore does: editors that have the diagram open see it at once, and it is recorded as a new version, so nothing is lost. Owner or editor.",
      inputSchema: {
        id: diagramId,
        versionId: versionId('versionId', 'The version to restore (from list_versions).'),
      },
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    async ({ id, versionId }) => json(await backend.restoreVersion(id, versionId)),
  );

  server.registerTool(
    'share_diagram',
    {
      title: 'Share by public link',
      description:
        'Turns the public, view-only link of a diagram you own on (isPublic true) or off (false) and answers the link (null while private), as the Share dialog does.',
      inputSchema: {
        id: diagramId,
        isPublic: z
          .boolean({ error: 'isPublic must be true or false' })
          .describe('true: anyone with the link may view it; false: only you and collaborators.'),
      },
      annotations: { idempotentHint: true },
    },
    async ({ id, isPublic }) => json(await backend.setSharing(id, isPublic)),
  );

  server.registerTool(
    'delete_diagram',
    {
      title: 'Delete a diagram',
      description: `Moves a diagram you own to Recently deleted, where it can be restored in the app for ${TRASH_DAYS} days.`,
      inputSchema: { id: diagramId },
      annotations: { destructiveHint: true, idempotentHint: false },
    },
    async ({ id }) => {
      await backend.trashDiagram(id);
      return json({ id, deleted: true, restorableForDays: TRASH_DAYS });
    },
  );
}
