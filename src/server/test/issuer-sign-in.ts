/** The browser's path from /auth/google through the test issuer's login form back to the app. */
import { location, type CookieJar } from './browser-like.js';

export async function signInThroughIssuer(
  browser: CookieJar,
  appUrl: string,
  issuerUrl: string,
  login: string,
  redirect = '/',
): Promise<Response> {
  const start = await browser.fetch(
    `${appUrl}/auth/google?redirect=${encodeURIComponent(redirect)}`,
  );
  let next = location(start, appUrl);
  if (new URL(next).origin !== issuerUrl) throw new Error(`sign-in went to ${next}`);
  next = location(await browser.fetch(next), issuerUrl);
  const form = await (await browser.fetch(next)).text();
  const action = /action="([^"]+)"/.exec(form)?.[1];
  if (!action) throw new Error('the issuer showed no login form');
  const response = await browser.fetch(new URL(action, issuerUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
  });
  next = location(response, issuerUrl);
  for (let hops = 0; hops < 5 && new URL(next).origin === issuerUrl; hops++) {
    next = location(await browser.fetch(next), issuerUrl);
  }
  if (!next.startsWith(`${appUrl}/auth/google/callback?`)) {
    throw new Error(`the issuer sent the browser to ${next}`);
  }
  return browser.fetch(next);
}
