/**
 * What the diagram routes (and the routes of a diagram's parts: versions, collaborators, sharing,
 * trash) answer when a diagram cannot be had or changed, so no route file imports another.
 */
import type { FastifyReply } from 'fastify';
import { DIAGRAM_NOT_FOUND } from '../../shared/messages.js';
import type { Diagram } from '../../shared/schemas.js';
import { AppError, notFound } from '../errors.js';
import { FOLDER_NOT_FOUND } from '../folders/replies.js';
import type { Action } from '../policy/can.js';
import type { UpdateResult } from './writer.js';

export { DIAGRAM_NOT_FOUND };

export const CONFLICT_MESSAGE =
  'This diagram was changed elsewhere since you opened it. Keep the saved version or overwrite it with yours.';
export const VIEWER_CANNOT_EDIT =
  'You can view this diagram but not change it. Save a copy to make your own version.';
export const OWNER_ONLY_CHANGE = 'Only the owner can share, move or delete this diagram.';

/** Why a change the caller may not make was refused, by the action refused. */
const REFUSED: Partial<Record<Action, string>> = {
  edit: VIEWER_CANNOT_EDIT,
  restore: VIEWER_CANNOT_EDIT,
};

/** The answer to a change of a diagram (PUT, restore of a version): the diagram or an error. */
export function replyToUpdate(result: UpdateResult, reply: FastifyReply) {
  if (result.status === 'conflict') {
    return reply.status(409).send({ error: CONFLICT_MESSAGE, diagram: result.diagram });
  }
  return updatedDiagram(result);
}

/** The changed diagram, or the error a refused change answers (409 without the stored copy). */
export function updatedDiagram(result: UpdateResult): Diagram {
  switch (result.status) {
    case 'updated':
      return result.diagram;
    case 'missing':
      throw notFound(DIAGRAM_NOT_FOUND);
    case 'forbidden':
      throw new AppError(403, REFUSED[result.action] ?? OWNER_ONLY_CHANGE);
    case 'no-folder':
      throw notFound(FOLDER_NOT_FOUND);
    case 'conflict':
      throw new AppError(409, CONFLICT_MESSAGE);
  }
}
