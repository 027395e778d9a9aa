/**
 * Lifeline as the MCP SDK's OAuth server provider: the SDK's handlers speak the protocol
 * (parameter checks, exact redirect matching, PKCE S256 verification, error answers) and call
 * this for everything that is stored (store.ts). Every registered client is public: it gets no
 * secret, and PKCE binds its code to the one that asked.
 */
import type { Response } from 'express';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import {
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type {
  OAuthClientInformationFull,
  OAuthTokenRevocationRequest,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { oauthScopeOf, tokenScopeOf } from '../../shared/assistants.js';
import type { TokenScope } from '../../shared/schemas.js';
import type { IssuedTokens, OAuthClientRow, OAuthStore, TakenCode } from './store.js';

/** Bounds of a registration: an attacker may register as often as the address limit allows. */
export const REGISTRATION_LIMITS = { nameMax: 100, redirectUrisMax: 5, redirectUriMax: 2000 };
export const UNNAMED_CLIENT = 'Unnamed assistant';
export const CONSENT_PATH = '/oauth/consent';
const STATE_MAX = 1000;
/** The base64url SHA-256 of a verifier: what S256 sends. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Control characters: never in a name or address shown to people (and PostgreSQL takes no NUL). */
const hasControl = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** An answer to a client must not be shown a stranger: http only to this machine, no fragment. */
function redirectUriProblem(value: string): string | null {
  if (value.length > REGISTRATION_LIMITS.redirectUriMax) {
    return `redirect_uris entries must be at most ${REGISTRATION_LIMITS.redirectUriMax} characters`;
  }
  if (hasControl(value)) return 'redirect_uris must not hold control characters';
  const url = new URL(value); // the SDK's schema checked it parses
  if (url.hash) return 'redirect_uris must not have a fragment';
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return 'redirect_uris must use https (http only for localhost)';
  }
  if (url.protocol === 'file:') return 'redirect_uris must not be file addresses';
  return null;
}

function clientInformation(row: OAuthClientRow): OAuthClientInformationFull {
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    client_name: row.name,
    redirect_uris: row.redirectUris,
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}

function tokenAnswer(tokens: IssuedTokens): OAuthTokens {
  return {
    access_token: tokens.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    refresh_token: tokens.refreshToken,
    scope: oauthScopeOf(tokens.scope),
  };
}

/** The scopes of a request, or the OAuth error for one this server does not know. */
function requestedScope(scopes: readonly string[]): TokenScope {
  const scope = tokenScopeOf(scopes.filter((name) => name !== ''));
  if (!scope) throw new InvalidScopeError('Known scopes are diagrams:read and diagrams:write.');
  return scope;
}

export function lifelineOAuthProvider(
  store: OAuthStore,
  options: { origin: string; resource: URL },
): OAuthServerProvider {
  /** RFC 8707: a token may be asked for this server (its /mcp or its origin) and nothing else. */
  const checkResource = (resource: URL | undefined) => {
    if (!resource) return;
    const asked = resource.href.replace(/\/$/, '');
    if (asked !== options.resource.href.replace(/\/$/, '') && asked !== options.origin) {
      throw new InvalidTargetError(`This server's resource is ${options.resource.href}.`);
    }
  };

  /**
   * Codes taken from the store by the PKCE step of a token request, for its exchange step (the
   * same request, so the same process). A code is spent when taken, whether PKCE passes or not.
   */
  const taken = new Map<string, { code: TakenCode; until: number }>();
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of taken) if (entry.until < now) taken.delete(key);
  };

  const clientsStore: OAuthRegisteredClientsStore = {
    async getClient(clientId) {
      const row = await store.getClient(clientId);
      return row ? clientInformation(row) : undefined;
    },
    async registerClient(client) {
      const name = client.client_name?.trim() || UNNAMED_CLIENT;
      if (hasControl(name)) {
        throw new InvalidClientMetadataError('client_name must not hold control characters');
      }
      if (name.length > REGISTRATION_LIMITS.nameMax) {
        throw new InvalidClientMetadataError(
          `client_name must be at most ${REGISTRATION_LIMITS.nameMax} characters`,
        );
      }
      const uris = client.redirect_uris;
      if (uris.length === 0 || uris.length > REGISTRATION_LIMITS.redirectUrisMax) {
        throw new InvalidClientMetadataError(
          `Register from 1 to ${REGISTRATION_LIMITS.redirectUrisMax} redirect_uris`,
        );
      }
      for (const uri of uris) {
        const problem = redirectUriProblem(uri);
        if (problem) throw new InvalidClientMetadataError(problem);
      }
      return clientInformation(await store.registerClient({ name, redirectUris: uris }));
    },
  };

  return {
    get clientsStore() {
      return clientsStore;
    },

    async authorize(
      client: OAuthClientInformationFull,
      params: AuthorizationParams,
      res: Response,
    ) {
      const scope = requestedScope(params.scopes ?? []);
      checkResource(params.resource);
      if (!CHALLENGE_PATTERN.test(params.codeChallenge)) {
        throw new InvalidRequestError('code_challenge must be an S256 challenge (43 characters).');
      }
      if (params.state !== undefined && params.state.length > STATE_MAX) {
        throw new InvalidRequestError(`state must be at most ${STATE_MAX} characters.`);
      }
      if (params.state !== undefined && hasControl(params.state)) {
        throw new InvalidRequestError('state must not hold control characters.');
      }
      const id = await store.createRequest({
        clientId: client.client_id,
        redirectUri: params.redirectUri,
        codeChallenge: params.codeChallenge,
        scope,
        state: params.state ?? null,
      });
      res.redirect(302, `${options.origin}${CONSENT_PATH}?request=${id}`);
    },

    async challengeForAuthorizationCode(client, authorizationCode) {
      sweep();
      const code = await store.takeCode(client.client_id, authorizationCode);
      if (!code) throw new InvalidGrantError('The authorization code is invalid, used or expired.');
      taken.set(authorizationCode, { code, until: Date.now() + 60_000 });
      return code.codeChallenge;
    },

    async exchangeAuthorizationCode(client, authorizationCode, _verifier, redirectUri, resource) {
      const entry = taken.get(authorizationCode);
      taken.delete(authorizationCode);
      const code = entry?.code;
      if (!code || code.clientId !== client.client_id) {
        throw new InvalidGrantError('The authorization code is invalid, used or expired.');
      }
      if (redirectUri !== undefined && redirectUri !== code.redirectUri) {
        throw new InvalidGrantError('redirect_uri differs from the authorization request.');
      }
      checkResource(resource);
      return tokenAnswer(await store.issueTokens(code.grantId, code.scope));
    },

    async exchangeRefreshToken(client, refreshToken, scopes, resource) {
      checkResource(resource);
      const scope = scopes === undefined ? undefined : requestedScope(scopes);
      const tokens = await store.refresh(client.client_id, refreshToken, scope);
      if (tokens === 'wider') {
        throw new InvalidScopeError('A refresh cannot widen the access the user allowed.');
      }
      if (!tokens) throw new InvalidGrantError('The refresh token is invalid, used or expired.');
      return tokenAnswer(tokens);
    },

    async verifyAccessToken(token): Promise<AuthInfo> {
      const owner = await store.findOwner(token);
      if (!owner) throw new InvalidTokenError('The access token is invalid or expired.');
      return {
        token,
        clientId: owner.clientId,
        scopes: oauthScopeOf(owner.scope).split(' '),
        expiresAt: Math.floor(owner.expiresAt / 1000),
      };
    },

    async revokeToken(client, request: OAuthTokenRevocationRequest) {
      await store.revokeByClient(client.client_id, request.token);
    },
  };
}
