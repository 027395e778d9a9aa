/**
 * The public API (/api/v1, bearer token) in its own plugin scope, so its OpenAPI document holds
 * exactly these routes; plus the document itself and a readable page of it at /api/docs, and the
 * MCP endpoint (/mcp) on the same token, limits and operations (hidden from the document).
 */
import type { FastifyInstance } from 'fastify';
import type { Diagram } from '../../shared/schemas.js';
import { openRenderRoutes, type OpenRenderOptions } from '../open-render/routes.js';
import type { CommentOperations } from '../comments/operations.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { mcpRoutes } from '../mcp/routes.js';
import type { Renderer } from '../chromium-render/renderer.js';
import { convertApiRoutes } from './convert-routes.js';
import { commentApiRoutes } from './comment-routes.js';
import { diagramActionApiRoutes } from './diagram-action-routes.js';
import type { PublicApiDeps } from './common.js';
import { diagramApiRoutes } from './diagram-routes.js';
import { diffApiRoutes } from './diff-routes.js';
import { DOCS_CSP, docsPage } from './docs-page.js';
import { openApiDocument, registerOpenApi } from './openapi.js';
import { apiOperations } from './operations.js';
import { tokenAccessGate } from './token-access.js';
import { traceImportApiRoutes } from './trace-import-routes.js';

export async function publicApiRoutes(
  app: FastifyInstance,
  deps: PublicApiDeps & {
    renderer: Renderer;
    writer: DiagramWriter;
    comments: CommentOperations;
    published?: (diagram: Diagram) => void;
    openRender: OpenRenderOptions;
  },
): Promise<void> {
  const operations = apiOperations(deps);
  await app.register(async (api) => {
    // First, so that every route below is declared and gated.
    tokenAccessGate(api, deps);
    await registerOpenApi(api);
    diagramApiRoutes(api, deps, operations);
    diagramActionApiRoutes(api, deps, operations);
    commentApiRoutes(api, deps, operations);
    diffApiRoutes(api, deps);
    convertApiRoutes(api, deps);
    await traceImportApiRoutes(api, deps, operations);
    await openRenderRoutes(api, deps.openRender);
    // The MCP endpoint shares the token, the limits and the operations of /api/v1.
    mcpRoutes(api, deps, operations);

    api.get(
      '/api/v1/openapi.json',
      { config: { tokenAccess: 'no-token' }, schema: { hide: true } },
      async () => openApiDocument(api, deps.siteOrigin),
    );

    api.get('/api/docs', { schema: { hide: true } }, async (_request, reply) => {
      const document = openApiDocument(api, deps.siteOrigin);
      return reply
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', DOCS_CSP)
        .header('Cache-Control', 'no-cache')
        .send(docsPage(document));
    });
  });
}
