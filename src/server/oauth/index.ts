/**
 * Assistants that connect to /mcp by URL sign in with OAuth: Lifeline is the authorization
 * server (endpoints.ts, the SDK's handlers over provider.ts and store.ts), the consent page's
 * calls (consent-routes.ts) and the user's list of connected assistants (assistant-routes.ts).
 * Answers what /mcp needs to take an assistant's access token and to say where to get one.
 */
import type { FastifyInstance } from 'fastify';
import type { TokenOwner } from '../api-tokens/store.js';
import { tokenUserCache } from '../api-tokens/token-user-cache.js';
import type { Database } from '../db/client.js';
import { assistantRoutes } from './assistant-routes.js';
import { consentRoutes } from './consent-routes.js';
import { canIssue, oauthEndpoints, type OAuthEndpointLimits } from './endpoints.js';
import { OAUTH_PATHS } from './paths.js';
import { lifelineOAuthProvider } from './provider.js';
import { oauthStore, type AssistantOwner } from './store.js';

/** What the /mcp token gate asks of OAuth. */
export interface AssistantTokens {
  /** The owner of a live assistant access token, or null. */
  findOwner(token: string): Promise<TokenOwner | null>;
  /** Named in the 401's WWW-Authenticate header (RFC 9728). */
  resourceMetadataUrl: string;
}

export async function assistantAccess(
  app: FastifyInstance,
  deps: {
    database: Database;
    /** The public origin (PUBLIC_URL or the listening address): the issuer. */
    origin: string;
    /** The MCP endpoint's path: the protected resource. */
    mcpPath: string;
    trustProxy: boolean;
    limits: OAuthEndpointLimits;
  },
): Promise<AssistantTokens | null> {
  const { db } = deps.database;
  const cache = await tokenUserCache<AssistantOwner>(deps.database);
  app.addHook('onClose', () => cache.close());
  const store = oauthStore(db, cache);
  const origin = new URL(deps.origin).origin;
  assistantRoutes(app, { db, store });
  if (!canIssue(origin)) {
    app.log.warn(
      { origin },
      'Assistants cannot sign in with OAuth: PUBLIC_URL must be https (or localhost).',
    );
    return null;
  }
  const resource = new URL(deps.mcpPath, origin);
  const provider = lifelineOAuthProvider(store, { origin, resource });
  await oauthEndpoints(app, {
    provider,
    origin,
    resource,
    trustProxy: deps.trustProxy,
    limits: deps.limits,
  });
  consentRoutes(app, { db, store, issuer: new URL(origin).href });
  return {
    findOwner: (token) => store.findOwner(token),
    resourceMetadataUrl: `${origin}${OAUTH_PATHS.resourceMetadata}`,
  };
}
