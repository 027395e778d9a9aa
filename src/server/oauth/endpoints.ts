/**
 * The OAuth authorization server of /mcp, as the MCP authorization spec describes it: the MCP
 * SDK's own Express handlers (authorize, token with PKCE, dynamic registration, revocation,
 * RFC 8414 and RFC 9728 metadata) on an Express router that Fastify hands the matching requests
 * to, body unread. The app's own per-address limits run first (the SDK's in-memory ones are off).
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type {
  OAuthMetadata,
  OAuthProtectedResourceMetadata,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { ASSISTANT_SCOPES_SUPPORTED } from '../../shared/assistants.js';
import { AppError } from '../errors.js';
import type { OAuthHandlers } from './express-handlers.js';
import { OAUTH_PATHS } from './paths.js';

/** A registration is a few hundred bytes; anything much larger is refused unread. */
export const REGISTRATION_BODY_MAX_BYTES = 16 * 1024;

export interface OAuthEndpointLimits {
  /** Dynamic registrations per client address per hour. */
  registrations: onRequestHookHandler;
  /** Authorize, token and revoke requests per client address (one bucket). */
  requests: onRequestHookHandler;
}

/** The documents that name the authorization server and the protected resource. */
export function oauthMetadata(origin: string, resource: URL) {
  const at = (path: string) => new URL(path, origin).href;
  const server: OAuthMetadata = {
    issuer: new URL(origin).href,
    authorization_endpoint: at(OAUTH_PATHS.authorize),
    token_endpoint: at(OAUTH_PATHS.token),
    registration_endpoint: at(OAUTH_PATHS.register),
    revocation_endpoint: at(OAUTH_PATHS.revoke),
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    // RFC 9207: the consent's answer names the issuer (`iss`) beside the code.
    authorization_response_iss_parameter_supported: true,
    // Every registered client is public: PKCE, no secret.
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: ASSISTANT_SCOPES_SUPPORTED,
    service_documentation: at('/api/docs'),
  };
  const protectedResource: OAuthProtectedResourceMetadata = {
    resource: resource.href,
    authorization_servers: [server.issuer],
    scopes_supported: ASSISTANT_SCOPES_SUPPORTED,
    bearer_methods_supported: ['header'],
    resource_name: 'Lifeline',
  };
  return { server, protectedResource };
}

/**
 * The issuer must be https (or this machine, for development and tests): the SDK refuses any
 * other, and so the authorization server is off there.
 */
export function canIssue(origin: string): boolean {
  const url = new URL(origin);
  return (
    url.protocol === 'https:' ||
    url.hostname === 'localhost' ||
    url.hostname === '127.0.0.1' ||
    url.hostname === '[::1]'
  );
}

export async function oauthEndpoints(
  app: FastifyInstance,
  options: {
    provider: OAuthServerProvider;
    origin: string;
    resource: URL;
    trustProxy: boolean;
    limits: OAuthEndpointLimits;
  },
): Promise<void> {
  const metadata = oauthMetadata(options.origin, options.resource);
  const resourcePath = options.resource.pathname;
  // The SDK's Express handlers load with the first OAuth request: a start, and an instance no
  // assistant signs in to, never loads Express and the handlers (about 200 ms of CPU).
  let loaded: Promise<OAuthHandlers> | undefined;
  const handlersFor = () =>
    (loaded ??= import('./express-handlers.js').then(({ oauthHandlers }) =>
      oauthHandlers({ ...options, metadata }),
    ));

  // Browser-based assistants send a CORS preflight (OPTIONS) first; the SDK's cors() answers it.
  type Method = 'GET' | 'POST' | 'OPTIONS';
  const routes: Array<{ url: string; methods: Method[]; limit?: onRequestHookHandler }> = [
    { url: OAUTH_PATHS.authorize, methods: ['GET', 'POST'], limit: options.limits.requests },
    { url: OAUTH_PATHS.token, methods: ['POST', 'OPTIONS'], limit: options.limits.requests },
    { url: OAUTH_PATHS.revoke, methods: ['POST', 'OPTIONS'], limit: options.limits.requests },
    {
      url: OAUTH_PATHS.register,
      methods: ['POST', 'OPTIONS'],
      limit: options.limits.registrations,
    },
    { url: OAUTH_PATHS.serverMetadata, methods: ['GET', 'OPTIONS'] },
    { url: OAUTH_PATHS.resourceMetadata, methods: ['GET', 'OPTIONS'] },
    { url: `${OAUTH_PATHS.resourceMetadata}${resourcePath}`, methods: ['GET', 'OPTIONS'] },
  ];

  await app.register(async (scope) => {
    // The SDK's handlers read the body themselves: Fastify leaves the stream untouched here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    for (const { url, methods, limit } of routes) {
      scope.route({
        method: methods,
        url,
        schema: { hide: true },
        onRequest: limit ? [limit] : [],
        preHandler: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (url === OAUTH_PATHS.register && length > REGISTRATION_BODY_MAX_BYTES) {
            throw new AppError(413, 'The request body is too large.');
          }
        },
        handler: async (request, reply) => {
          const { handlers, expressify } = await handlersFor();
          // The handlers write the answer; it keeps the headers every answer carries.
          reply.hijack();
          for (const [name, value] of Object.entries(reply.getHeaders())) {
            if (value !== undefined) reply.raw.setHeader(name, value);
          }
          const { req, res } = expressify(request.raw, reply.raw);
          handlers(req, res, () => undefined);
        },
      });
    }
  });
}
