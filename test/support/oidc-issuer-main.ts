/** Runs the test issuer as a process (Playwright starts it beside the app). */
import { startTestIssuer } from './oidc-issuer.js';

const port = Number(process.env.ISSUER_PORT ?? 4180);
const redirectUris = (process.env.ISSUER_REDIRECT_URIS ?? '').split(',').filter(Boolean);
const issuer = await startTestIssuer({
  port,
  redirectUris,
  clientId: process.env.ISSUER_CLIENT_ID,
  clientSecret: process.env.ISSUER_CLIENT_SECRET,
});
process.stdout.write(`Test issuer at ${issuer.url}\n`);
process.on('SIGTERM', () => void issuer.close().then(() => process.exit(0)));
