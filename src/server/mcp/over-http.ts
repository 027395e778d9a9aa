/**
 * The MCP tools' back end for the lifeline-mcp command: /api/v1 of a Lifeline server over HTTP,
 * with the user's API token. Every refusal becomes an ApiCallError with the server's message.
 */
import type { VersionDiffReply } from '../../shared/diagram-diff/schema.js';
import type {
  ApiDiagram,
  ApiOpenedDiagram,
  ApiSharing,
  Comment,
  CommentThread,
  DiagramSummary,
  Folder,
} from '../../shared/schemas.js';
import { parseTraceBytes } from '../../shared/trace/bytes.js';
import { checkDiagram, type TraceCheck } from '../../shared/trace/check.js';
import type { VersionSummary } from '../../shared/versions.js';
import { ApiCallError, type LifelineBackend } from './backend.js';

/** One call may take this long: a render waits for a page under load (Retry-After past this). */
export const CALL_TIMEOUT_MS = 120_000;

/** The error a refused call answers: the API's `{ error }`, else its text, else its status. */
async function refusal(response: Response): Promise<ApiCallError> {
  const text = await response.text().catch(() => '');
  let message = text.trim();
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null && 'error' in body) {
      message = String(body.error);
    }
  } catch {
    // Not JSON: the text itself (a proxy's page) is the best there is.
  }
  return new ApiCallError(
    response.status,
    message || `${response.url} answered ${response.status} ${response.statusText}`,
  );
}

export function overHttpBackend(baseUrl: string, token: string): LifelineBackend {
  const base = baseUrl.replace(/\/+$/, '');

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Could not reach Lifeline at ${base}: ${reason}`, { cause: error });
    }
    if (!response.ok) throw await refusal(response);
    return response;
  }
  const getJson = async <T>(path: string, init?: RequestInit): Promise<T> =>
    (await (await call(path, init)).json()) as T;
  const send = (method: string, body: unknown): RequestInit => ({
    method,
    body: JSON.stringify(body),
  });

  return {
    listDiagrams: (query) =>
      getJson<DiagramSummary[]>(
        query ? `/api/v1/diagrams?${new URLSearchParams({ q: query })}` : '/api/v1/diagrams',
      ),
    listFolders: () => getJson<Folder[]>('/api/v1/folders'),
    readDiagram: (id) => getJson<ApiOpenedDiagram>(`/api/v1/diagrams/${id}`),
    createDiagram: (body) => getJson<ApiDiagram>('/api/v1/diagrams', send('POST', body)),
    updateDiagram: (id, body) => getJson<ApiDiagram>(`/api/v1/diagrams/${id}`, send('PUT', body)),
    listVersions: (id) => getJson<VersionSummary[]>(`/api/v1/diagrams/${id}/versions`),
    restoreVersion: (id, versionId) =>
      getJson<ApiDiagram>(`/api/v1/diagrams/${id}/versions/${versionId}/restore`, {
        method: 'POST',
      }),
    diffVersions: (id, { from, to }) =>
      getJson<VersionDiffReply>(
        `/api/v1/diagrams/${id}/diff?${new URLSearchParams({ from: String(from), to: String(to) })}`,
      ),
    async trashDiagram(id) {
      await call(`/api/v1/diagrams/${id}`, { method: 'DELETE' });
    },
    setSharing: (id, isPublic) =>
      getJson<ApiSharing>(`/api/v1/diagrams/${id}/sharing`, send('PUT', { isPublic })),
    listComments: (id) => getJson<CommentThread[]>(`/api/v1/diagrams/${id}/comments`),
    addComment: (id, body) =>
      getJson<Comment>(`/api/v1/diagrams/${id}/comments`, send('POST', body)),
    updateComment: (id, commentId, body) =>
      getJson<Comment>(`/api/v1/diagrams/${id}/comments/${commentId}`, send('PATCH', body)),
    async render(body) {
      const response = await call('/api/v1/convert', send('POST', body));
      return {
        body: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        fallback: response.headers.has('x-render-fallback'),
      };
    },
    async checkTrace(diagram, trace) {
      // Text that is no diagram of the server's is checked here: this process holds no one up.
      if ('content' in diagram) return checkDiagram(diagram.content, parseTraceBytes(trace).traces);
      return getJson<TraceCheck>(`/api/v1/diagrams/${diagram.id}/check-trace`, {
        method: 'POST',
        body: trace,
      });
    },
  };
}
