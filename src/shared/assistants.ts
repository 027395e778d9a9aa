/**
 * Assistants connected by OAuth (MCP authorization): the scopes they ask for, what the consent
 * page shows and sends, and the Assistants list beside the personal API token.
 */
import { z } from './zod.js';
import { tokenScopeSchema, type TokenScope } from './schemas.js';

/** The OAuth scopes of /mcp; `diagrams:write` includes reading. */
export const ASSISTANT_SCOPES = { read: 'diagrams:read', write: 'diagrams:write' } as const;

/** Every scope the server knows, as its metadata lists them. */
export const ASSISTANT_SCOPES_SUPPORTED = [ASSISTANT_SCOPES.read, ASSISTANT_SCOPES.write];

/** The OAuth scope string a grant of `scope` stands for (what a token answer says). */
export const oauthScopeOf = (scope: TokenScope): string =>
  scope === 'full' ? `${ASSISTANT_SCOPES.read} ${ASSISTANT_SCOPES.write}` : ASSISTANT_SCOPES.read;

/**
 * The access a list of requested OAuth scopes asks for: `full` when it names diagrams:write,
 * `read` when it names diagrams:read alone or nothing; null when it names a scope unknown here.
 */
export function tokenScopeOf(scopes: readonly string[]): TokenScope | null {
  const known: readonly string[] = ASSISTANT_SCOPES_SUPPORTED;
  if (scopes.some((scope) => !known.includes(scope))) return null;
  return scopes.includes(ASSISTANT_SCOPES.write) ? 'full' : 'read';
}

/** Ids of the authorization requests the consent page is opened with (base64url, 256 bits). */
export const consentRequestId = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'request is not valid');

/** GET /api/oauth/requests/{id}: what the consent page names. */
export const consentRequestSchema = z.object({
  /** The assistant's own name, as it registered (anyone can register any name). */
  clientName: z.string(),
  /** Where the answer goes: the redirect address's host (or scheme for an app's own address). */
  redirectTarget: z.string(),
  scope: tokenScopeSchema,
});
export type ConsentRequest = z.infer<typeof consentRequestSchema>;

/** POST /api/oauth/requests/{id}: the user's answer. */
export const consentDecisionBody = z.object({ decision: z.enum(['allow', 'deny']) });
export type ConsentDecision = z.infer<typeof consentDecisionBody>['decision'];

/** The answer to a decision: where the browser goes next (the assistant's redirect address). */
export const consentAnswerSchema = z.object({ redirectTo: z.string() });
export type ConsentAnswer = z.infer<typeof consentAnswerSchema>;

/** GET /api/user/assistants: one connected assistant. */
export const assistantGrantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  redirectTarget: z.string(),
  scope: tokenScopeSchema,
  connectedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AssistantGrant = z.infer<typeof assistantGrantSchema>;

/** Where a redirect address sends the answer, as the consent page and the list show it. */
export function redirectTargetOf(redirectUri: string): string {
  try {
    const url = new URL(redirectUri);
    return url.host || `${url.protocol}//`;
  } catch {
    return redirectUri;
  }
}
