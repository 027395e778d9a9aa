/**
 * The servers Playwright starts (see playwright.config.ts): the app with local sign-in, the app
 * signing in through a real OpenID Connect issuer, and that issuer.
 */
/** E2E_PORT_BASE moves all three, so two runs can share a machine. */
const base = Number(process.env.E2E_PORT_BASE ?? 4173);
export const PORTS = { local: base, oidc: base + 1, issuer: base + 7 } as const;

export const LOCAL_APP = `http://127.0.0.1:${PORTS.local}`;
export const OIDC_APP = `http://127.0.0.1:${PORTS.oidc}`;
export const ISSUER = `http://127.0.0.1:${PORTS.issuer}`;
export const ISSUER_CLIENT = {
  id: 'lifeline-e2e',
  secret: 'lifeline-e2e-secret-0123456789abcdef',
} as const;
