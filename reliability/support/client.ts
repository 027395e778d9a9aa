/** The HTTP calls the suites make, as a browser or an API client would make them. */

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  ms: number;
}

export interface DiagramBody {
  id: number;
  title: string;
  content: string;
  updatedAt: string;
}

/** Why a connection failed, as undici says it (fetch's own message is only "fetch failed"). */
function socketFailure(error: unknown): string | null {
  if (!(error instanceof TypeError)) return null;
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? (cause.code ?? cause.message ?? null) : null;
}

/**
 * fetch, and once more for a GET or HEAD whose pooled keep-alive connection was closed under it
 * (undici reuses a socket the server is closing: nodejs/undici#3141, #3492), as browsers retry
 * an idempotent request on a reused connection. A server that is down fails the second try too,
 * and a save is never sent twice. The error names the socket's failure.
 */
async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
  const idempotent = !init.method || init.method === 'GET' || init.method === 'HEAD';
  try {
    return await fetch(url, init);
  } catch (error) {
    const failure = socketFailure(error);
    if (failure === null) throw error;
    if (idempotent && ['UND_ERR_SOCKET', 'ECONNRESET'].includes(failure)) {
      try {
        return await fetch(url, init);
      } catch (again) {
        throw new Error(`${init.method ?? 'GET'} ${url}: ${socketFailure(again) ?? again}`, {
          cause: again,
        });
      }
    }
    throw new Error(`${init.method ?? 'GET'} ${url}: ${failure}`, { cause: error });
  }
}

export async function call<T = unknown>(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const started = performance.now();
  const { timeoutMs = 30_000, ...rest } = init;
  const response = await fetchOnce(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return {
    status: response.status,
    body: body as T,
    headers: response.headers,
    ms: performance.now() - started,
  };
}

export async function apiToken(base: string, cookie: string): Promise<string> {
  const answer = await call<{ apiToken: string }>(`${base}/api/user/api-token`, {
    headers: { cookie },
  });
  if (answer.status !== 200) throw new Error(`api-token answered ${answer.status}`);
  return answer.body.apiToken;
}

export function saveDiagram(
  base: string,
  cookie: string,
  id: number,
  content: string,
  updatedAt: string,
  timeoutMs?: number,
): Promise<Answer<DiagramBody & { error?: string; diagram?: DiagramBody }>> {
  return call(`${base}/api/diagrams/${id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ content, updatedAt }),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

export function openDiagram(
  base: string,
  cookie: string,
  id: number,
  timeoutMs?: number,
): Promise<Answer<DiagramBody & { error?: string }>> {
  return call(`${base}/api/diagrams/${id}`, {
    headers: { cookie },
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

export function convert(
  base: string,
  token: string,
  content: string,
  format: 'png' | 'svg' = 'svg',
  timeoutMs?: number,
): Promise<Answer<string | { error: string }>> {
  return call(`${base}/api/v1/convert`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content, format }),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

/** A sequence diagram of `messages` messages whose text names `tag` (so renders are not cached). */
export function sequence(tag: string, messages = 3): string {
  const lines = ['sequenceDiagram', '    participant Alice', '    participant Bob'];
  for (let i = 0; i < messages; i += 1) {
    lines.push(i % 2 ? `    Bob-->>Alice: ${tag} reply ${i}` : `    Alice->>Bob: ${tag} call ${i}`);
  }
  return lines.join('\n');
}
