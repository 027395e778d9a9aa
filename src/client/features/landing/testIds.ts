/** data-testid values shared by the landing components and the E2E tests. */
export const LANDING_TESTIDS = {
  page: 'landing-page',
  signIn: 'landing-sign-in',
  tryEditor: 'landing-try-editor',
  feature: 'landing-feature',
  illustration: 'landing-illustration',
  notFound: 'not-found-page',
} as const;
