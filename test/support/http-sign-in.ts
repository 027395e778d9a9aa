/** Signing in and making a diagram over HTTP, as a browser would, on a running instance. */
import type { Diagram } from '../../src/shared/schemas.js';

/**
 * Local sign-in (the server offers it when no OIDC client is configured); answers the session
 * cookie (`name=value`). The name defaults to the address's local part.
 */
export async function signInAt(
  base: string,
  email: string,
  name = email.split('@')[0] ?? 'User',
): Promise<string> {
  const response = await fetch(`${base}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name, email, redirect: '/' }),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('lifeline_session='));
  if (response.status !== 303 || !cookie) {
    throw new Error(`local sign-in for ${email} answered ${response.status} without a session`);
  }
  return cookie;
}

/** Creates a diagram as the cookie's user; answers it as the server does (201). */
export async function createDiagramAt(
  base: string,
  cookie: string,
  diagram: { title: string; content: string },
): Promise<Diagram> {
  const response = await fetch(`${base}/api/diagrams`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(diagram),
  });
  if (response.status !== 201) throw new Error(`creating a diagram answered ${response.status}`);
  return (await response.json()) as Diagram;
}
