/** Browser navigations of spec §7: sign-in is a full-page visit to the server's /auth/google. */
export const SIGN_IN_PATH = '/auth/google';

/** The sign-in address; `redirect` carries the path to come back to after sign-in. */
export function signInUrl(redirectPath?: string): string {
  return redirectPath
    ? `${SIGN_IN_PATH}?redirect=${encodeURIComponent(redirectPath)}`
    : SIGN_IN_PATH;
}

/** The current path with its query, the place sign-in should bring the user back to. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Leaves the single-page app: the server runs the OAuth dance and redirects back. */
export function goToSignIn(redirectPath: string = currentPath()): void {
  window.location.assign(signInUrl(redirectPath));
}

/** The meta tag the server writes into the page: how it signs people in (see static.ts). */
const SIGN_IN_META = 'lifeline-sign-in';

export type SignInMode = 'google' | 'local';

/** 'local' when the server has no OpenID Connect issuer and signs in with its own form. */
export function signInMode(): SignInMode {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SIGN_IN_META}"]`);
  return meta?.content === 'local' ? 'local' : 'google';
}
