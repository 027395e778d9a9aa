import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ISSUES,
  createHttp,
  HttpError,
  NOT_AUTHENTICATED,
  readableError,
  shouldRetry,
} from './http';

/** A real HTTP server whose answer each test sets: status, status text and body. */
let answer = { status: 200, statusText: 'OK', body: '{"ok":true}' };
const seen: string[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    response.writeHead(answer.status, answer.statusText, { 'content-type': 'application/json' });
    response.end(answer.status === 204 ? undefined : answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const respond = (status: number, body = '', statusText = '') => {
  answer = { status, statusText, body };
};

describe('http transport (spec §8)', () => {
  it('answers parsed JSON, and undefined for 204', async () => {
    const http = createHttp({ baseUrl });
    respond(200, '{"id":1}');
    expect(await http.json('/api/diagrams/1')).toEqual({ id: 1 });
    respond(204);
    expect(await http.json('/api/diagrams/1', { method: 'DELETE' })).toBeUndefined();
  });

  it('formats 4xx as "status: body" and 5xx as "status: statusText"', async () => {
    const http = createHttp({ baseUrl });
    respond(400, '{"error":"title must not be empty"}', 'Bad Request');
    const bad = await http.json('/api/diagrams').catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(HttpError);
    expect((bad as HttpError).message).toBe('400: {"error":"title must not be empty"}');
    expect(readableError(bad)).toBe('title must not be empty');

    respond(503, '{"error":"db down"}', 'Service Unavailable');
    const down = await http.json('/api/diagrams').catch((e: unknown) => e);
    expect((down as Error).message).toBe('503: Service Unavailable');
  });

  it('turns 401 into "Not authenticated" and invalidates the user except on /api/user', async () => {
    let invalidated = 0;
    const http = createHttp({ baseUrl, onUnauthenticated: () => invalidated++ });
    respond(401, '{"error":"Not authenticated"}');
    await expect(http.json('/api/diagrams')).rejects.toThrow(NOT_AUTHENTICATED);
    expect(invalidated).toBe(1);
    await expect(http.json('/api/user')).rejects.toThrow(NOT_AUTHENTICATED);
    expect(invalidated).toBe(1);
  });

  it('after three auth failures fails other calls at once, until ten minutes pass', async () => {
    let clock = 1_000_000;
    const http = createHttp({ baseUrl, now: () => clock });
    respond(401);
    for (let i = 0; i < 3; i++)
      await expect(http.json('/api/diagrams')).rejects.toThrow(NOT_AUTHENTICATED);

    respond(200, '[]');
    const before = seen.length;
    await expect(http.json('/api/folders')).rejects.toThrow(AUTH_ISSUES);
    expect(seen.length).toBe(before); // no request was made
    // /api/user is never short-circuited: it is how the session recovers.
    expect(await http.json('/api/user')).toEqual([]);

    respond(401);
    await expect(http.json('/api/user')).rejects.toThrow(NOT_AUTHENTICATED);
    await expect(http.json('/api/user')).rejects.toThrow(NOT_AUTHENTICATED);
    await expect(http.json('/api/user')).rejects.toThrow(NOT_AUTHENTICATED);
    respond(200, '[]');
    await expect(http.json('/api/folders')).rejects.toThrow(AUTH_ISSUES);
    clock += 10 * 60 * 1000;
    expect(await http.json('/api/folders')).toEqual([]);
  });

  it('resets the failure count after a successful answer', async () => {
    const http = createHttp({ baseUrl });
    respond(401);
    await expect(http.json('/api/diagrams')).rejects.toThrow(NOT_AUTHENTICATED);
    await expect(http.json('/api/diagrams')).rejects.toThrow(NOT_AUTHENTICATED);
    respond(200, '[]');
    await http.json('/api/diagrams');
    respond(401);
    await expect(http.json('/api/diagrams')).rejects.toThrow(NOT_AUTHENTICATED);
    await expect(http.json('/api/diagrams')).rejects.toThrow(NOT_AUTHENTICATED);
    respond(200, '[]');
    expect(await http.json('/api/diagrams')).toEqual([]);
  });

  it('sends cookies and JSON headers', async () => {
    let seenInit: RequestInit | undefined;
    const http = createHttp({
      baseUrl,
      fetchImpl: (input, init) => {
        seenInit = init;
        return fetch(input, init);
      },
    });
    respond(200, '{}');
    await http.json('/api/diagrams', { method: 'POST', body: '{}' });
    expect(seenInit?.credentials).toBe('include');
    expect((seenInit?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('retries other errors once and auth errors never', () => {
    expect(shouldRetry(0, new HttpError('500: x', 500))).toBe(true);
    expect(shouldRetry(1, new HttpError('500: x', 500))).toBe(false);
    expect(shouldRetry(0, new TypeError('fetch failed'))).toBe(true);
    expect(shouldRetry(0, new HttpError(NOT_AUTHENTICATED, 401))).toBe(false);
  });
});
