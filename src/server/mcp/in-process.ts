/** The MCP tools' back end inside the app (/mcp): /api/v1's operations for the token's user. */
import type { User } from '../../shared/schemas.js';
import type { ApiOperations } from '../public-api/operations.js';
import { checkTraceFiles } from '../trace-import/draw-trace.js';
import type { LifelineBackend } from './backend.js';

export function inProcessBackend(operations: ApiOperations, user: User): LifelineBackend {
  return {
    listDiagrams: (query) => operations.listDiagrams(user, query),
    listFolders: () => operations.listFolders(user),
    readDiagram: (id) => operations.readDiagram(user, id),
    createDiagram: (body) => operations.createDiagram(user, body),
    updateDiagram: (id, body) => operations.updateDiagram(user, id, body),
    listVersions: (id) => operations.listVersions(user, id),
    restoreVersion: (id, versionId) => operations.restoreVersion(user, id, versionId),
    diffVersions: (id, pair) => operations.diffVersions(user, id, pair),
    trashDiagram: (id) => operations.trashDiagram(user, id),
    setSharing: (id, isPublic) => operations.setSharing(user, id, isPublic),
    listComments: (id) => operations.listComments(user, id),
    addComment: (id, body) => operations.addComment(user, id, body),
    updateComment: (id, commentId, body) => operations.updateComment(user, id, commentId, body),
    render: (body) => operations.render(user, body),
    // Read and checked in the trace worker, as the route does.
    async checkTrace(diagram, trace) {
      const content =
        'id' in diagram
          ? (await operations.readDiagram(user, diagram.id)).content
          : diagram.content;
      // A copy with a buffer of its own: the worker takes it over, and a small Buffer's is the
      // pool every other Buffer shares.
      return checkTraceFiles(content, [
        { chunks: [Uint8Array.from(trace)], contentType: undefined },
      ]);
    },
  };
}
