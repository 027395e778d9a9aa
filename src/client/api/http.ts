/**
 * The transport rules of spec §8, in one module. Every call sends cookies. A non-OK answer becomes
 * an HttpError: 401 is 'Not authenticated' (counted, never retried, and it invalidates the user
 * unless the call was /api/user itself); 5xx is "status: statusText"; other statuses are
 * "status: body". Three auth failures in ten minutes make further calls fail at once.
 */
import { AUTH_FAILURE_RESET_MS, AUTH_FAILURE_THRESHOLD, OTHER_RETRIES } from '@shared/constants';

export const NOT_AUTHENTICATED = 'Not authenticated';
export const AUTH_ISSUES =
  'Authentication issues detected. Please refresh the page or log in again.';
const USER_PATH = '/api/user';

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The parsed JSON body when there was one (e.g. the stored diagram of a 409). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface HttpOptions {
  now?: () => number;
  onUnauthenticated?: () => void;
  fetchImpl?: typeof fetch;
  baseUrl?: string;
}

export function createHttp(options: HttpOptions = {}) {
  const now = options.now ?? Date.now;
  let failures = 0;
  let firstFailureAt = 0;
  let onUnauthenticated = options.onUnauthenticated;

  function authFailuresNow(): number {
    if (failures > 0 && now() - firstFailureAt >= AUTH_FAILURE_RESET_MS) failures = 0;
    return failures;
  }

  function countAuthFailure(): void {
    if (authFailuresNow() === 0) firstFailureAt = now();
    failures += 1;
  }

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    if (path !== USER_PATH && authFailuresNow() >= AUTH_FAILURE_THRESHOLD) {
      throw new HttpError(AUTH_ISSUES, 401);
    }
    const response = await (options.fetchImpl ?? fetch)(`${options.baseUrl ?? ''}${path}`, {
      credentials: 'include',
      ...init,
      headers: {
        Accept: 'application/json',
        // FormData sets its own multipart type (with the boundary).
        ...(init.body !== undefined && !(init.body instanceof FormData)
          ? { 'Content-Type': 'application/json' }
          : {}),
        ...init.headers,
      },
    });
    if (response.ok) {
      failures = 0;
      return response;
    }
    if (response.status === 401) {
      countAuthFailure();
      if (path !== USER_PATH) onUnauthenticated?.();
      throw new HttpError(NOT_AUTHENTICATED, 401);
    }
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const message =
      response.status >= 500
        ? `${response.status}: ${response.statusText}`
        : `${response.status}: ${text || response.statusText}`;
    throw new HttpError(message, response.status, body);
  }

  return {
    request,
    async json<T>(path: string, init: RequestInit = {}): Promise<T> {
      const response = await request(path, init);
      if (response.status === 204) return undefined as T;
      return (await response.json()) as T;
    },
    setUnauthenticatedHandler(handler: () => void) {
      onUnauthenticated = handler;
    },
  };
}

/** Spec §8: auth errors are never retried; any other error is retried once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status === 401) return false;
  return failureCount < OTHER_RETRIES;
}

/** The human part of an error from this module: the server's `{error}` text when it sent one. */
export function readableError(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { error?: unknown } | null;
    if (body && typeof body.error === 'string') return body.error;
  }
  return error instanceof Error ? error.message : String(error);
}

export const http = createHttp();

export async function fetchJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  return http.json<T>(path, init);
}
