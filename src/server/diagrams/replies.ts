/**
 * What the diagram routes (and the routes of a diagram's parts: versions, collaborators, sharing,
 * trash) answer when a diagram cannot be had or changed, so no route file imports another.
 */
import type { FastifyReply } from 'fastify';
import { DIAGRAM_NOT_FOUND } from '../../shared/messages.js';
import type { Diagram } from '../../shared/schemas.js';
import { AppError, notFound } from '../errors.js';
import { FOLDER_NOT_FOUND } from '../folders/replies.js';
import type { Action } from '../../shared/policy/can.js';
import type { Actor } from './access.js';
import type { DiagramsStore } from './store.js';
import { liveTooLargeMessage, type DiagramWriter, type UpdateResult } from './writer.js';

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

/**
 * The answer to a save (PUT): as `replyToUpdate`, with the edit the save made of the live
 * document (base64), so the saver's live copy can hold it before it joins (savedDiagramSchema).
 */
export function replyToSave(result: UpdateResult, reply: FastifyReply) {
  if (result.status === 'updated' && result.liveUpdate) {
    return { ...result.diagram, liveUpdate: Buffer.from(result.liveUpdate).toString('base64') };
  }
  return replyToUpdate(result, reply);
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
    case 'too-large':
      throw new AppError(413, liveTooLargeMessage(result.maxBytes));
  }
}

/**
 * Moves the diagram to the trash (the owner only, as the writer decides), or throws what a
 * refusal answers: 403 to a collaborator, who may know it exists; 404 to anyone else.
 */
export async function trashOrRefuse(
  writer: DiagramWriter,
  diagrams: Pick<DiagramsStore, 'open'>,
  actor: Actor,
  id: number,
): Promise<void> {
  if (await writer.trash(actor, id)) return;
  if (await diagrams.open(actor, id)) throw new AppError(403, OWNER_ONLY_CHANGE);
  throw notFound(DIAGRAM_NOT_FOUND);
}
