/** GET /api/v1/diagrams/{id}/diff: what changed between two versions, as JSON or a marked SVG. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { versionDiffQuery, versionDiffReply } from '../../shared/diagram-diff/schema.js';
import { errorBodySchema, idParams } from '../../shared/schemas.js';
import type { Renderer } from '../chromium-render/renderer.js';
import { versionDiffs } from '../versions/diff.js';
import { errorResponses, limitedPerToken, type PublicApiDeps, tokenSecurity } from './common.js';
import { tokenUser } from './token-access.js';

export function diffApiRoutes(
  app: FastifyInstance,
  deps: PublicApiDeps & { renderer: Renderer },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const diffs = versionDiffs(deps.db, deps.renderer);

  routes.get(
    '/api/v1/diagrams/:id/diff',
    {
      ...limitedPerToken(deps, 'reads'),
      schema: {
        summary: 'What changed between two versions',
        description:
          'Compares two versions of a diagram you can open (their ids are in History). A sequence diagram is compared message by message: participants added, removed and renamed (an alias too); messages added, removed, moved and relabelled; notes; blocks and their conditions; style lines and every other line by its text; with a summary line such as \'3 messages added, 1 removed, 2 labels changed\'. Any other diagram gets `kind: "text"` with its line counts. With `format=svg` the answer is the `to` version drawn with the changes marked: added green, removed ghosted red (put back where they were), changed labels and moved messages amber.',
        tags: ['Diagrams'],
        security: tokenSecurity,
        params: idParams,
        querystring: versionDiffQuery,
        response: {
          200: versionDiffReply.describe(
            'The changes (JSON); with format=svg, an image/svg+xml drawing instead.',
          ),
          ...errorResponses,
          404: errorBodySchema.describe(
            'The diagram does not exist or you cannot open it, or a version is not one of its versions.',
          ),
          503: errorBodySchema.describe(
            'format=svg only: the renderer is busy (see Retry-After) or not available on this server.',
          ),
        },
      },
    },
    async (request, typedReply) => {
      // The typed reply knows JSON bodies only; the drawing is sent untyped.
      const reply = typedReply as FastifyReply;
      const user = tokenUser(request);
      const { id } = request.params;
      const versions = await diffs.pair(user, id, request.query);
      if (request.query.format === 'json') return diffs.reply(id, versions);
      const caller = { key: `user:${user.id}`, scope: `user:${user.id}` };
      return diffs.send(reply, versions, request.query.theme, caller);
    },
  );
}
