/**
 * The consent page's calls, for the signed-in user only: GET /api/oauth/requests/{id} names the
 * assistant, where its answer goes and what it asks for; POST answers it (allow: a code for the
 * assistant; deny: access_denied) with the address the browser goes to next. The cross-site
 * guard (auth/same-origin.ts) refuses a POST from another site, and the body must be JSON.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consentDecisionBody,
  consentRequestId,
  redirectTargetOf,
  type ConsentAnswer,
  type ConsentRequest,
} from '../../shared/assistants.js';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import { notFound } from '../errors.js';
import type { OAuthStore } from './store.js';

export const REQUEST_GONE =
  'This request to connect an assistant has expired or was already answered. Start again from the assistant.';

const requestParams = z.object({ id: consentRequestId });

/** The assistant's redirect address with the answer's parameters. */
function answerAddress(
  redirectUri: string,
  params: Record<string, string>,
  state: string | null,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (state !== null) url.searchParams.set('state', state);
  return url.href;
}

export function consentRoutes(
  app: FastifyInstance,
  deps: { db: Db; store: OAuthStore; issuer: string },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/oauth/requests/:id',
    { schema: { params: requestParams } },
    async (request, reply): Promise<ConsentRequest> => {
      await requireUser(deps.db, request);
      const pending = await deps.store.pendingRequest(request.params.id);
      if (!pending) throw notFound(REQUEST_GONE);
      reply.header('Cache-Control', 'no-store');
      return {
        clientName: pending.clientName,
        redirectTarget: redirectTargetOf(pending.redirectUri),
        scope: pending.scope,
      };
    },
  );

  routes.post(
    '/api/oauth/requests/:id',
    { schema: { params: requestParams, body: consentDecisionBody } },
    async (request, reply): Promise<ConsentAnswer> => {
      const user = await requireUser(deps.db, request);
      reply.header('Cache-Control', 'no-store');
      if (request.body.decision === 'deny') {
        const denied = await deps.store.deny(request.params.id);
        if (!denied) throw notFound(REQUEST_GONE);
        const redirectTo = answerAddress(
          denied.redirectUri,
          { error: 'access_denied', error_description: 'The user denied access.' },
          denied.state,
        );
        return { redirectTo };
      }
      const allowed = await deps.store.allow(request.params.id, user);
      if (!allowed) throw notFound(REQUEST_GONE);
      // RFC 9207: the issuer goes with the code, so a client can tell which server answered.
      const redirectTo = answerAddress(
        allowed.redirectUri,
        { code: allowed.code, iss: deps.issuer },
        allowed.state,
      );
      return { redirectTo };
    },
  );
}
