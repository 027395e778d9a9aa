/**
 * What a gesture in the drawing does to the text: each request becomes one minimal edit (every
 * line it does not touch stays byte for byte, new lines take their neighbours' indentation) or a
 * refusal with a reason a person can read. Pure; lines are 1-based, as the drawing names them.
 */
import { z } from '../zod.js';
import { addBranch, deleteBlock, unwrapBlock } from './drawing-edit-blocks.js';
import {
  activateTarget,
  addNote,
  changeArrow,
  deleteMessage,
  insertMessage,
  MESSAGE_ARROWS,
  moveMessage,
  reconnect,
  reverse,
  setMessageLabel,
  WRAP_BLOCKS,
  wrapMessage,
} from './drawing-edit-messages.js';
import {
  changeParticipantType,
  deleteParticipant,
  PARTICIPANT_TYPES,
  renameParticipant,
  reorderParticipant,
} from './drawing-edit-participants.js';
import { DiagramText, refuse, type DrawingEditResult } from './drawing-edit-text.js';

export type { DrawingEditResult } from './drawing-edit-text.js';
export { applyTextEdit } from './drawing-edit-text.js';

const line = z.number().int().min(1).max(1_000_000);
const name = z.string().min(1).max(200);

export const drawingEditSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('insert-message'), at: line, from: name, to: name }),
  z.object({ op: z.literal('move-message'), line, to: line }),
  z.object({
    op: z.literal('reconnect'),
    line,
    end: z.enum(['to', 'from']),
    participant: name,
  }),
  z.object({ op: z.literal('reverse'), line }),
  z.object({ op: z.literal('arrow'), line, arrow: z.enum(MESSAGE_ARROWS) }),
  z.object({ op: z.literal('add-note'), line, text: z.string().max(500).optional() }),
  z.object({ op: z.literal('activate'), line }),
  z.object({ op: z.literal('wrap'), line, block: z.enum(WRAP_BLOCKS) }),
  z.object({ op: z.literal('delete-message'), line }),
  z.object({ op: z.literal('message-label'), line, text: z.string().min(1).max(10_000) }),
  z.object({ op: z.literal('reorder-participant'), name, before: name.nullable() }),
  z.object({ op: z.literal('rename'), name, to: name }),
  z.object({ op: z.literal('participant-type'), name, type: z.enum(PARTICIPANT_TYPES) }),
  z.object({ op: z.literal('delete-participant'), name }),
  z.object({ op: z.literal('add-branch'), line }),
  z.object({ op: z.literal('unwrap'), line }),
  z.object({ op: z.literal('delete-block'), line }),
]);

export type DrawingEdit = z.infer<typeof drawingEditSchema>;
export type DrawingEditOp = DrawingEdit['op'];

/** The one edit of `source` that `request` asks for, or why the text cannot say it. */
export function drawingEdit(source: string, request: DrawingEdit): DrawingEditResult {
  const text = new DiagramText(source);
  if (!text.isSequence) return refuse('Editing by drawing works on sequence diagrams.');
  switch (request.op) {
    case 'insert-message':
      return insertMessage(text, request.at, request.from, request.to);
    case 'move-message':
      return moveMessage(text, request.line, request.to);
    case 'reconnect':
      return reconnect(text, request.line, request.end, request.participant);
    case 'reverse':
      return reverse(text, request.line);
    case 'arrow':
      return changeArrow(text, request.line, request.arrow);
    case 'add-note':
      return addNote(text, request.line, request.text);
    case 'activate':
      return activateTarget(text, request.line);
    case 'wrap':
      return wrapMessage(text, request.line, request.block);
    case 'delete-message':
      return deleteMessage(text, request.line);
    case 'message-label':
      return setMessageLabel(text, request.line, request.text);
    case 'reorder-participant':
      return reorderParticipant(text, request.name, request.before);
    case 'rename':
      return renameParticipant(text, request.name, request.to);
    case 'participant-type':
      return changeParticipantType(text, request.name, request.type);
    case 'delete-participant':
      return deleteParticipant(text, request.name);
    case 'add-branch':
      return addBranch(text, request.line);
    case 'unwrap':
      return unwrapBlock(text, request.line);
    case 'delete-block':
      return deleteBlock(text, request.line);
  }
}
