/**
 * A real OpenID Connect issuer (the `oidc-provider` package) standing in for Google in tests.
 * Its login page accepts any login (the account id) and password; the account's name is the
 * login capitalised and its e-mail `<login>@example.test`. Consent is granted automatically.
 * A login starting `unverified-` is a different account that typed someone else's address, as
 * issuers that let users set their own e-mail allow: `unverified-bob` is a distinct subject whose
 * e-mail is `bob@example.test` with `email_verified: false`.
 */
import type { Server } from 'node:http';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

const UNVERIFIED = 'unverified-';

export interface TestIssuer {
  url: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startTestIssuer(options: {
  port: number;
  redirectUris: string[];
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}): Promise<TestIssuer> {
  const url = `http://127.0.0.1:${options.port}`;
  const clientId = options.clientId ?? 'lifeline-test';
  const clientSecret = options.clientSecret ?? 'lifeline-test-secret-0123456789abcdef';

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    cookies: { keys: ['lifeline-test-issuer-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const login = id.toLowerCase();
      const claimed = login.startsWith(UNVERIFIED) ? login.slice(UNVERIFIED.length) : null;
      return {
        accountId: login,
        claims: async () => ({
          sub: login,
          name: login.charAt(0).toUpperCase() + login.slice(1),
          email: `${claimed ?? login}@example.test`,
          email_verified: claimed === null,
        }),
      };
    },
    // Skip the consent screen: the test client is first-party.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };

  const provider = new Provider(url, configuration);
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(options.port, '127.0.0.1', () => resolve(listening));
  });
  return {
    url,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
