/**
 * The MCP SDK's own Express handlers for the OAuth endpoints (authorize, token with PKCE, dynamic
 * registration, revocation, RFC 8414 and RFC 9728 metadata) on an Express router, and the layers
 * that make Node's request and response Express's. Loaded by the first OAuth request (see
 * endpoints.ts, which routes the requests here).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { authorizationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/authorize.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { clientRegistrationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/register.js';
import { revocationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/revoke.js';
import { tokenHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/token.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { oauthMetadata } from './endpoints.js';
import { OAUTH_PATHS } from './paths.js';

/**
 * Express's request and response methods for Node's own request and response, as an Express app
 * gives them, but layered over each object's own prototype instead of replacing it: Fastify's
 * injected requests (tests) keep working. `app` holds the settings (trust proxy, query parser).
 */
function expressLayers(app: express.Express) {
  const layers = new WeakMap<object, object>();
  const layer = (target: object, methods: object): void => {
    const base = Object.getPrototypeOf(target) as object;
    let proto = layers.get(base);
    if (!proto) {
      proto = Object.create(base, {
        ...Object.getOwnPropertyDescriptors(methods),
        app: { value: app, enumerable: true },
      }) as object;
      layers.set(base, proto);
    }
    Object.setPrototypeOf(target, proto);
  };
  return (raw: IncomingMessage, reply: ServerResponse) => {
    layer(raw, express.request);
    layer(reply, express.response);
    // The layers make them Express's request and response (what app.handle does, in place).
    const req = raw as unknown as express.Request;
    const res = reply as unknown as express.Response;
    req.res = res;
    res.req = req;
    res.locals = Object.create(null) as Record<string, unknown>;
    return { req, res };
  };
}

export interface OAuthHandlers {
  handlers: express.Router;
  expressify: ReturnType<typeof expressLayers>;
}

export function oauthHandlers(options: {
  provider: OAuthServerProvider;
  resource: URL;
  trustProxy: boolean;
  metadata: ReturnType<typeof oauthMetadata>;
}): OAuthHandlers {
  const { provider, metadata } = options;
  const settings = express();
  settings.disable('x-powered-by');
  settings.set('trust proxy', options.trustProxy);
  const handlers = express.Router();
  handlers.use(OAUTH_PATHS.authorize, authorizationHandler({ provider, rateLimit: false }));
  handlers.use(OAUTH_PATHS.token, tokenHandler({ provider, rateLimit: false }));
  handlers.use(
    OAUTH_PATHS.register,
    clientRegistrationHandler({
      clientsStore: provider.clientsStore,
      rateLimit: false,
      clientSecretExpirySeconds: 0,
    }),
  );
  handlers.use(OAUTH_PATHS.revoke, revocationHandler({ provider, rateLimit: false }));
  handlers.use(OAUTH_PATHS.serverMetadata, metadataHandler(metadata.server));
  // RFC 9728: at the path-specific address of /mcp, and at the root the 401 names.
  const resourcePath = options.resource.pathname;
  handlers.use(
    `${OAUTH_PATHS.resourceMetadata}${resourcePath}`,
    metadataHandler(metadata.protectedResource),
  );
  handlers.use(OAUTH_PATHS.resourceMetadata, metadataHandler(metadata.protectedResource));
  handlers.use((request: express.Request, response: express.Response) => {
    response.status(404).json({ error: `Nothing found at ${request.path}.` });
  });
  // What the handlers' body parsers refuse (too large, not JSON), as an OAuth error.
  handlers.use(
    (
      error: unknown,
      _request: express.Request,
      response: express.Response,
      next: express.NextFunction,
    ) => {
      if (response.headersSent) return next(error);
      const status = (error as { status?: unknown }).status;
      const known = typeof status === 'number' && status >= 400 && status < 500;
      response.status(known ? status : 500).json({
        error: known ? 'invalid_request' : 'server_error',
        error_description: known ? (error as Error).message : 'Internal Server Error',
      });
    },
  );
  const expressify = expressLayers(settings);
  return { handlers, expressify };
}
