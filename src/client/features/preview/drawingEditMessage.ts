/**
 * The parent's check of a drawing edit sent by the render frame: the frame is sandboxed and its
 * messages are data from a document that draws user text, so each is parsed with zod before
 * anything reads it.
 */
import { z } from '@shared/zod';
import { drawingEditSchema } from '@shared/mermaid-reader/drawing-edit';
import type { DrawingEditMessage } from './protocol';

const MAX_LINE_CHARS = 10_000;

const drawingEditMessageSchema = z.object({
  type: z.literal('lifeline:drawing-edit'),
  edit: drawingEditSchema,
  lineText: z.string().max(MAX_LINE_CHARS).nullable(),
});

export function parseDrawingEditMessage(data: unknown): DrawingEditMessage | null {
  const parsed = drawingEditMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
