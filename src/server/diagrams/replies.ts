/**
 * What the diagram routes (and the routes of a diagram's parts: versions, collaborators, sharing,
 * trash) answer when a diagram cannot be had or changed, so no route file imports another.
 */
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../errors.js';
import type { UpdateResult } from './store.js';

export const DIAGRAM_NOT_FOUND = 'Diagram not found';
export const CONFLICT_MESSAGE =
  'This diagram was changed elsewhere since you opened it. Keep the saved version or overwrite it with yours.';
export const VIEWER_CANNOT_EDIT =
  'You can view this diagram but not change it. Save a copy to make your own version.';
export const OWNER_ONLY_CHANGE = 'Only the owner can share, move or delete this diagram.';

/** The answer to a change of a diagram (PUT, restore of a version): the diagram or an error. */
export function replyToUpdate(result: UpdateResult, reply: FastifyReply) {
  switch (result.status) {
    case 'updated':
      return result.diagram;
    case 'missing':
      throw notFound(DIAGRAM_NOT_FOUND);
    case 'forbidden':
      throw new AppError(403, result.access === 'viewer' ? VIEWER_CANNOT_EDIT : OWNER_ONLY_CHANGE);
    case 'conflict':
      return reply.status(409).send({ error: CONFLICT_MESSAGE, diagram: result.diagram });
  }
}
