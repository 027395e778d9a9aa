/**
 * The transport rules of spec §8. Every call sends cookies; a non-OK answer becomes an Error whose
 * message follows the spec's formats.
 */

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const NOT_AUTHENTICATED = 'Not authenticated';

export async function errorFromResponse(response: Response): Promise<HttpError> {
  if (response.status === 401) return new HttpError(NOT_AUTHENTICATED, 401);
  if (response.status >= 500) {
    return new HttpError(`${response.status}: ${response.statusText}`, response.status);
  }
  const body = await response.text().catch(() => '');
  return new HttpError(`${response.status}: ${body || response.statusText}`, response.status);
}

export async function fetchJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    credentials: 'include',
    ...init,
    headers: {
      Accept: 'application/json',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
}
