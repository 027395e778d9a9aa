/** Where the OAuth authorization server answers (see endpoints.ts) and the consent page lives. */
export const OAUTH_PATHS = {
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
  /** RFC 8414 authorization server metadata. */
  serverMetadata: '/.well-known/oauth-authorization-server',
  /** RFC 9728 protected resource metadata of /mcp (also at the path-specific address). */
  resourceMetadata: '/.well-known/oauth-protected-resource',
  /** The client page that asks the signed-in user to allow or deny an assistant. */
  consent: '/oauth/consent',
} as const;

/**
 * Endpoints an assistant calls from anywhere, with no cookie that could act for a user: the
 * cross-site guard lets them through (authorize only stores the request and sends the browser to
 * the consent page, which checks the session and the origin itself).
 */
export const CROSS_SITE_OAUTH_PATHS: ReadonlySet<string> = new Set([
  OAUTH_PATHS.authorize,
  OAUTH_PATHS.token,
  OAUTH_PATHS.register,
  OAUTH_PATHS.revoke,
]);
