/**
 * Assistants sign in to /mcp with OAuth, against a real app over HTTP on each database: the
 * MCP SDK's own client does discovery from the 401, dynamic registration, PKCE, the token
 * exchange and refresh, with the consent posted as the signed-in user; then the attacker's
 * cases, each against the defence that stops it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  auth,
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AssistantGrant, ConsentRequest } from '../../src/shared/assistants.js';
import type { Diagram } from '../../src/shared/schemas.js';
import { signInLocally, testApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { freePort } from '../support/free-port.js';
import { describeEach } from '../support/needs.js';
import { INVALID_TOKEN, MISSING_TOKEN } from '../../src/server/api-tokens/bearer.js';
import type { Database } from '../../src/server/db/client.js';
import { REQUEST_GONE } from '../../src/server/oauth/consent-routes.js';
import { REGISTRATION_BODY_MAX_BYTES } from '../../src/server/oauth/endpoints.js';

const REDIRECT = 'http://127.0.0.1:9/callback';
const SEQUENCE = 'sequenceDiagram\n  Alice->>Bob: Hello';

/** An assistant as the SDK sees it: everything it keeps, in memory. */
class MemoryAssistant implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  constructor(
    private readonly name: string,
    private readonly scope?: string,
  ) {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.scope ? { scope: this.scope } : {}),
    };
  }
  state() {
    return 'state-of-the-assistant';
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** A PKCE pair as S256 makes it. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

describeEach(testDatabases, 'Assistants signing in with OAuth on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let cookie: string;
  let otherCookie: string;
  let diagram: Diagram;

  const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body),
      redirect: 'manual',
    });
  const json = (path: string, init: RequestInit & { who?: string } = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.who ? { cookie: init.who } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  async function register(metadata: Record<string, unknown>): Promise<Response> {
    return json('/oauth/register', { method: 'POST', body: JSON.stringify(metadata) });
  }
  async function registered(name = 'Raw Assistant', redirectUris = [REDIRECT]): Promise<string> {
    const response = await register({
      client_name: name,
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'none',
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const body = (await response.json()) as { client_id: string; client_secret?: string };
    expect(body.client_secret).toBeUndefined();
    return body.client_id;
  }

  /** GET /oauth/authorize: answers the Location it redirects to (or the response itself). */
  async function authorize(params: Record<string, string>): Promise<Response> {
    const url = new URL('/oauth/authorize', base);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return fetch(url, { redirect: 'manual' });
  }
  const requestIdOf = (response: Response) => {
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${base}/oauth/consent`);
    return location.searchParams.get('request')!;
  };
  async function decide(id: string, decision: 'allow' | 'deny', who = cookie) {
    const response = await json(`/api/oauth/requests/${id}`, {
      method: 'POST',
      body: JSON.stringify({ decision }),
      who,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return new URL(((await response.json()) as { redirectTo: string }).redirectTo);
  }

  /** A client, an allowed request and its code; the verifier to exchange it with. */
  async function codeFor(scope = 'diagrams:read diagrams:write', clientId?: string) {
    const client = clientId ?? (await registered());
    const { verifier, challenge } = pkce();
    const id = requestIdOf(
      await authorize({
        client_id: client,
        redirect_uri: REDIRECT,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        scope,
        state: 'xyz',
      }),
    );
    const answer = await decide(id, 'allow');
    return { client, verifier, code: answer.searchParams.get('code')! };
  }
  const exchange = (client: string, code: string, verifier: string, redirectUri = REDIRECT) =>
    post('/oauth/token', {
      grant_type: 'authorization_code',
      client_id: client,
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    });
  async function tokensFor(scope?: string) {
    const { client, code, verifier } = await codeFor(scope);
    const response = await exchange(client, code, verifier);
    expect(response.status, await response.clone().text()).toBe(200);
    return { client, tokens: (await response.json()) as OAuthTokens };
  }
  const callMcp = (token: string) =>
    fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
  const assistants = async (who = cookie) =>
    (await (await json('/api/user/assistants', { who })).json()) as AssistantGrant[];

  beforeAll(async () => {
    database = await open();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await testApp(database, {
      publicUrl: base,
      limits: { assistantRegistrationsPerHour: 1000, assistantAuthCallsPerMinute: 1000 },
    });
    await app.listen({ port, host: '127.0.0.1' });
    cookie = await signInLocally(app, 'owner@example.test', 'Owner');
    otherCookie = await signInLocally(app, 'stranger@example.test', 'Stranger');
    const created = await json('/api/diagrams', {
      method: 'POST',
      body: JSON.stringify({ title: 'Handshake', content: SEQUENCE }),
      who: cookie,
    });
    diagram = (await created.json()) as Diagram;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('connects the SDK client from a 401: discovery, registration, PKCE, consent, tokens, tools, refresh, revoke', async () => {
    const assistant = new MemoryAssistant('Claude Test');
    const serverUrl = new URL(`${base}/mcp`);
    const first = new StreamableHTTPClientTransport(serverUrl, { authProvider: assistant });
    await expect(
      new Client({ name: 'assistant', version: '1.0.0' }).connect(first),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(assistant.client?.client_id).toBeTruthy();
    const authorizationUrl = assistant.authorizationUrl!;
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${base}/oauth/authorize`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');

    // The browser: the authorization endpoint sends it to the consent page.
    const id = requestIdOf(await fetch(authorizationUrl, { redirect: 'manual' }));
    const asked = await json(`/api/oauth/requests/${id}`, { who: cookie });
    expect(asked.status).toBe(200);
    expect((await asked.json()) as ConsentRequest).toEqual({
      clientName: 'Claude Test',
      redirectTarget: '127.0.0.1:9',
      scope: 'full',
    });
    const answer = await decide(id, 'allow');
    expect(answer.origin + answer.pathname).toBe(REDIRECT);
    expect(answer.searchParams.get('state')).toBe('state-of-the-assistant');
    expect(answer.searchParams.get('iss')).toBe(`${base}/`);
    await first.finishAuth(answer.searchParams.get('code')!);
    expect(assistant.saved?.scope).toBe('diagrams:read diagrams:write');

    const client = new Client({ name: 'assistant', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: assistant }));
    try {
      const listed = (await client.callTool({
        name: 'list_diagrams',
        arguments: {},
      })) as CallToolResult;
      expect(listed.isError).toBeFalsy();
      expect(JSON.stringify(listed.content)).toContain('Handshake');
      const created = (await client.callTool({
        name: 'create_diagram',
        arguments: { title: 'By the assistant', content: SEQUENCE },
      })) as CallToolResult;
      expect(created.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const [listed] = await assistants();
    expect(listed).toMatchObject({
      name: 'Claude Test',
      scope: 'full',
      redirectTarget: '127.0.0.1:9',
    });
    expect(listed!.lastUsedAt).not.toBeNull();

    // Refresh through the SDK: a new pair; the old refresh token is spent.
    const before = assistant.saved!;
    expect(await auth(assistant, { serverUrl })).toBe('AUTHORIZED');
    expect(assistant.saved!.access_token).not.toBe(before.access_token);
    expect(assistant.saved!.refresh_token).not.toBe(before.refresh_token);
    const replayed = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: assistant.client!.client_id,
      refresh_token: before.refresh_token!,
    });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await callMcp(assistant.saved!.access_token)).status).toBe(200);

    // The user disconnects it: both of its tokens stop at once.
    const revoked = await json(`/api/user/assistants/${listed!.id}`, {
      method: 'DELETE',
      who: cookie,
    });
    expect(revoked.status).toBe(204);
    const after = await callMcp(assistant.saved!.access_token);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const refreshAfter = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: assistant.client!.client_id,
      refresh_token: assistant.saved!.refresh_token!,
    });
    expect(refreshAfter.status).toBe(400);
    expect(await assistants()).toEqual([]);
  }, 60_000);

  it('answers /mcp without a token 401 naming the protected resource metadata, which names the server', async () => {
    const missing = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource"`,
    );
    expect(await missing.json()).toEqual({ error: MISSING_TOKEN });
    const wrong = await callMcp(`lla_${'A'.repeat(43)}`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: INVALID_TOKEN });

    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const resource = await (await fetch(`${base}${path}`)).json();
      expect(resource, path).toMatchObject({
        resource: `${base}/mcp`,
        authorization_servers: [`${base}/`],
        scopes_supported: ['diagrams:read', 'diagrams:write'],
      });
    }
    const server = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(server).toMatchObject({
      issuer: `${base}/`,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('keeps the personal token on /mcp and /api/v1, and takes an assistant token on /mcp only', async () => {
    const personal = (await (await json('/api/user/api-token', { who: cookie })).json()) as {
      apiToken: string;
    };
    expect((await callMcp(personal.apiToken)).status).toBe(200);
    const { tokens } = await tokensFor();
    expect((await callMcp(tokens.access_token)).status).toBe(200);
    const v1 = (token: string) =>
      fetch(`${base}/api/v1/diagrams`, { headers: { authorization: `Bearer ${token}` } });
    expect((await v1(personal.apiToken)).status).toBe(200);
    const refused = await v1(tokens.access_token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: INVALID_TOKEN });
  });

  it('sends the answer only to a registered redirect address, exactly', async () => {
    const client = await registered();
    const { challenge } = pkce();
    for (const redirect of [
      'https://evil.example/callback',
      `${REDIRECT}/more`,
      `${REDIRECT}?next=https://evil.example`,
      'http://127.0.0.1:9/other',
    ]) {
      const response = await authorize({
        client_id: client,
        redirect_uri: redirect,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      expect(response.status, redirect).toBe(400);
      expect(response.headers.get('location'), redirect).toBeNull();
    }
    const unknown = await authorize({
      client_id: 'no-such-client',
      redirect_uri: REDIRECT,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('location')).toBeNull();
  });

  it('refuses an authorization request without PKCE S256, or for a scope it does not know', async () => {
    const client = await registered();
    const { challenge } = pkce();
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'invalid_request'],
      [{ code_challenge: challenge, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: challenge }, 'invalid_request'],
      [{ code_challenge: 'short', code_challenge_method: 'S256' }, 'invalid_request'],
      [
        { code_challenge: challenge, code_challenge_method: 'S256', scope: 'admin' },
        'invalid_scope',
      ],
    ];
    for (const [params, error] of cases) {
      const response = await authorize({
        client_id: client,
        redirect_uri: REDIRECT,
        response_type: 'code',
        state: 's',
        ...params,
      });
      expect(response.status, JSON.stringify(params)).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(REDIRECT);
      expect(location.searchParams.get('error'), JSON.stringify(params)).toBe(error);
      // The SDK echoes state once the request's parameters parsed (here: the unknown scope).
      if (error === 'invalid_scope') expect(location.searchParams.get('state')).toBe('s');
    }
  });

  it('spends a code on its first use: a replay, a wrong verifier, another client or address all fail', async () => {
    const good = await codeFor();
    expect((await exchange(good.client, good.code, good.verifier)).status).toBe(200);
    const replay = await exchange(good.client, good.code, good.verifier);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });

    const guessed = await codeFor();
    const wrong = await exchange(guessed.client, guessed.code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    // The right verifier comes too late: the code was spent by the wrong one.
    expect((await exchange(guessed.client, guessed.code, guessed.verifier)).status).toBe(400);

    const stolen = await codeFor();
    const thief = await registered('Thief');
    const other = await exchange(thief, stolen.code, stolen.verifier);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'invalid_grant' });

    const elsewhere = await registered('Two addresses', [REDIRECT, 'https://assistant.example/cb']);
    const twice = await codeFor(undefined, elsewhere);
    expect(
      (await exchange(elsewhere, twice.code, twice.verifier, 'https://assistant.example/cb'))
        .status,
    ).toBe(400);
  });

  it('never widens access on refresh, and a read grant cannot write', async () => {
    const { client, tokens } = await tokensFor('diagrams:read');
    expect(tokens.scope).toBe('diagrams:read');
    const wider = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: client,
      refresh_token: tokens.refresh_token!,
      scope: 'diagrams:write',
    });
    expect(wider.status).toBe(400);
    expect(await wider.json()).toMatchObject({ error: 'invalid_scope' });
    // The refused escalation leaves the token as it was: refreshed as granted, it is read-only.
    const asGranted = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: client,
      refresh_token: tokens.refresh_token!,
    });
    expect(asGranted.status).toBe(200);
    expect(((await asGranted.json()) as OAuthTokens).scope).toBe('diagrams:read');

    const full = await tokensFor();
    const thief = await registered('Thief');
    const stolen = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: thief,
      refresh_token: full.tokens.refresh_token!,
    });
    expect(stolen.status).toBe(400);
    const narrower = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: full.client,
      refresh_token: full.tokens.refresh_token!,
      scope: 'diagrams:read',
    });
    expect(narrower.status).toBe(200);
    expect(((await narrower.json()) as OAuthTokens).scope).toBe('diagrams:read');

    const readOnly = await tokensFor('diagrams:read');
    const write = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${readOnly.tokens.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'update_diagram', arguments: { id: diagram.id, title: 'Taken over' } },
      }),
    });
    expect(write.status).toBe(200);
    expect(JSON.stringify(await write.json())).toContain('read-only');
    const kept = (await (
      await json(`/api/diagrams/${diagram.id}`, { who: cookie })
    ).json()) as Diagram;
    expect(kept.title).toBe('Handshake');
  });

  it('revokes through the revocation endpoint: a refresh token takes its grant with it', async () => {
    const { client, tokens } = await tokensFor();
    const revoked = await post('/oauth/revoke', {
      client_id: client,
      token: tokens.refresh_token!,
    });
    expect(revoked.status).toBe(200);
    expect((await callMcp(tokens.access_token)).status).toBe(401);
  });

  it('bounds registrations: size, names, addresses', async () => {
    const huge = await register({
      client_name: 'x'.repeat(REGISTRATION_BODY_MAX_BYTES + 1),
      redirect_uris: [REDIRECT],
    });
    expect(huge.status).toBe(413);
    const refusals: Array<Record<string, unknown>> = [
      { client_name: 'n'.repeat(101), redirect_uris: [REDIRECT] },
      {
        client_name: 'Many',
        redirect_uris: Array.from({ length: 6 }, (_, i) => `${REDIRECT}${i}`),
      },
      { client_name: 'None', redirect_uris: [] },
      { client_name: 'Plain http', redirect_uris: ['http://evil.example/cb'] },
      { client_name: 'Script', redirect_uris: ['javascript:alert(1)'] },
      { client_name: 'Fragment', redirect_uris: ['https://assistant.example/cb#x'] },
      { client_name: 'Long', redirect_uris: [`https://assistant.example/${'a'.repeat(2000)}`] },
    ];
    for (const body of refusals) {
      const response = await register(body);
      expect(response.status, String(body.client_name)).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_client_metadata' });
    }
    // A client that asks for a secret gets none: every client is public.
    const asked = await register({
      client_name: 'Confidential',
      redirect_uris: ['https://assistant.example/cb'],
      token_endpoint_auth_method: 'client_secret_post',
    });
    expect(asked.status).toBe(201);
    expect(await asked.json()).toMatchObject({ token_endpoint_auth_method: 'none' });
  });

  it('asks the signed-in user only, from this site only, and shows a request once', async () => {
    const client = await registered('Careful');
    const id = requestIdOf(
      await authorize({
        client_id: client,
        redirect_uri: REDIRECT,
        response_type: 'code',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect((await json(`/api/oauth/requests/${id}`)).status).toBe(401);
    const signedOut = await json(`/api/oauth/requests/${id}`, {
      method: 'POST',
      body: JSON.stringify({ decision: 'allow' }),
    });
    expect(signedOut.status).toBe(401);
    const crossSite = await json(`/api/oauth/requests/${id}`, {
      method: 'POST',
      body: JSON.stringify({ decision: 'allow' }),
      who: cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const form = await fetch(`${base}/api/oauth/requests/${id}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=allow',
    });
    expect(form.status).toBe(415);

    const denied = await decide(id, 'deny');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
    const again = await json(`/api/oauth/requests/${id}`, {
      method: 'POST',
      body: JSON.stringify({ decision: 'allow' }),
      who: cookie,
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: REQUEST_GONE });
  });

  it('stops a disconnected assistant on another instance too, whose cache knew its token', async () => {
    const other = await testApp(database, { publicUrl: base });
    try {
      const { tokens } = await tokensFor();
      const onOther = () =>
        other.inject({
          method: 'POST',
          url: '/mcp',
          headers: {
            authorization: `Bearer ${tokens.access_token}`,
            accept: 'application/json, text/event-stream',
          },
          payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        });
      // Twice: the second answer may come from the other instance's token cache.
      expect((await onOther()).statusCode).toBe(200);
      expect((await onOther()).statusCode).toBe(200);
      const [grant] = await assistants();
      const revoked = await json(`/api/user/assistants/${grant!.id}`, {
        method: 'DELETE',
        who: cookie,
      });
      expect(revoked.status).toBe(204);
      // The change reaches the other instance by NOTIFY: without it, its cache answers for 30 s.
      const deadline = Date.now() + 5_000;
      let status = (await onOther()).statusCode;
      while (status !== 401 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await onOther()).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("lists only the user's own assistants, and answers 404 for another user's", async () => {
    await tokensFor();
    const [mine] = await assistants();
    expect(mine).toBeDefined();
    expect(await assistants(otherCookie)).toEqual([]);
    const theirs = await json(`/api/user/assistants/${mine!.id}`, {
      method: 'DELETE',
      who: otherCookie,
    });
    expect(theirs.status).toBe(404);
    expect((await assistants()).some((grant) => grant.id === mine!.id)).toBe(true);
    expect((await json(`/api/user/assistants/${mine!.id}`, { method: 'DELETE' })).status).toBe(401);
  });
});

describeEach(testDatabases.slice(0, 1), 'OAuth registration limit on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    database = await open();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await testApp(database, {
      publicUrl: base,
      limits: { assistantRegistrationsPerHour: 2 },
    });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('refuses an address its third registration within the hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${base}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: `Flood ${i}`, redirect_uris: [REDIRECT] }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});
