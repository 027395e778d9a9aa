/** An assistant's side of OAuth for the browser tests: registration and its authorization request. */
import { createHash, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { LOCAL_APP } from './servers';

/** The assistant's own address: on this server, so the browser can land there. */
export const CALLBACK = `${LOCAL_APP}/assistant-callback`;

/** Registers an assistant and answers the address that asks the user about it. */
export async function authorizationRequest(request: APIRequestContext, name: string) {
  const registered = await request.post('/oauth/register', {
    data: { client_name: name, redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' },
  });
  expect(registered.status()).toBe(201);
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL('/oauth/authorize', LOCAL_APP);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    scope: 'diagrams:read diagrams:write',
    state: 'from-the-assistant',
  }).toString();
  return { clientId, verifier, url: url.href };
}
