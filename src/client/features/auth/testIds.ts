export const AUTH_COPY = {
  apiToken: 'API Token',
  logout: 'Logout',
  accountMenu: (name: string) => `Account menu for ${name}`,
} as const;

export const AUTH_TESTIDS = {
  avatarMenu: 'avatar-menu',
  apiToken: 'menu-api-token',
  logout: 'menu-logout',
} as const;

/** Sign-in wording: spec §2's 'Sign in with Google' when the server signs in through Google. */
export const SIGN_IN_COPY = {
  /** The server's own form asks for a name and e-mail (no Google account involved). */
  local: 'Sign in locally',
  localNote: 'This server signs you in with a name and e-mail address; no Google account needed.',
} as const;
