/**
 * OpenID Connect sign-in with openid-client: authorization code + PKCE, state and nonce checked.
 * Google's issuer by default; any issuer through OIDC_ISSUER_URL.
 */
import * as client from 'openid-client';
import type { IdentityProfile } from '../users/store.js';

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** What must survive the round trip through the issuer (kept in a signed, short-lived cookie). */
export interface OidcFlow {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function oidcClient(settings: OidcSettings) {
  let discovered: Promise<client.Configuration> | null = null;

  function configuration(): Promise<client.Configuration> {
    if (!discovered) {
      const issuer = new URL(settings.issuerUrl);
      // Plain http only for an issuer on this machine (development and tests).
      const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      discovered = client
        .discovery(
          issuer,
          settings.clientId,
          settings.clientSecret,
          undefined,
          insecure ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          discovered = null; // try again on the next sign-in
          throw error;
        });
    }
    return discovered;
  }

  return {
    async start(callbackUrl: string, redirect: string): Promise<{ url: URL; flow: OidcFlow }> {
      const config = await configuration();
      const flow: OidcFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        redirect,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url, flow };
    },

    async finish(currentUrl: URL, flow: OidcFlow): Promise<IdentityProfile> {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The issuer returned no ID token.');
      let profile: Record<string, unknown> = claims;
      if (
        typeof claims.email !== 'string' ||
        typeof claims.name !== 'string' ||
        typeof claims.email_verified !== 'boolean'
      ) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        profile = { ...info, ...claims };
      }
      const email = typeof profile.email === 'string' ? profile.email.toLowerCase() : null;
      // Issuers that let people type their own address (Keycloak, Okta, company SSO) say so with
      // email_verified; anything but a literal true is unverified (the claim may be missing).
      const emailVerified = email !== null && profile.email_verified === true;
      const name =
        (typeof profile.name === 'string' && profile.name.trim()) ||
        (emailVerified ? email : null) ||
        'Lifeline user';
      return {
        identity: `${claims.iss} ${claims.sub}`,
        name,
        email,
        emailVerified,
        avatarUrl: typeof profile.picture === 'string' ? profile.picture : null,
      };
    },
  };
}

export type OidcClient = ReturnType<typeof oidcClient>;
