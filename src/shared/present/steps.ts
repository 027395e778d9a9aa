/**
 * The steps of a presented sequence diagram, read from its text: step k reveals message k, and
 * with it every note and block that opens after message k - 1 (a note or block appears with its
 * first message; one after the last message appears with the last). Participants are all shown
 * from the start. Blocks are counted in the order mermaid draws them: framed blocks (loop, alt,
 * opt, par, critical, break) as each ends, `rect` backgrounds in the reverse of that order (each
 * goes in front of the one before); `box` groups participants and is not a step's.
 */
import { diagramFamily } from '../mermaid-reader/kind.js';
import { readSequence } from '../mermaid-reader/sequence.js';

/** Bounds of an animated SVG's pace, in milliseconds per step. */
export const STEP_PACE_MS = { min: 200, max: 10_000, default: 1_000 } as const;
/** How long the whole drawing holds, in paces, before an animated SVG starts again. */
export const HOLD_PACES = 3;
/**
 * The most pages a PDF with one page per step may have: each page is a copy of the drawing, so
 * the work grows with steps × drawing; a longer diagram is refused with a 400 saying so.
 */
export const MAX_PDF_STEPS = 100;

export interface PresentStep {
  /** The message's 1-based source line. */
  line: number;
  /** Notes revealed with this step, by their drawing order. */
  notes: number[];
  /** Framed blocks revealed with this step, by their drawing order. */
  frames: number[];
  /** `rect` backgrounds revealed with this step, by their drawing order. */
  rects: number[];
}

/** The steps of `text`; empty when it is not a sequence diagram or sends no message. */
export function presentSteps(text: string): PresentStep[] {
  if (diagramFamily(text) !== 'sequence') return [];
  const steps: PresentStep[] = [];
  let notes: number[] = [];
  let noteCount = 0;
  /** Blocks opened, in source order, waiting for the next message. */
  let opened: { kind: 'frame' | 'rect'; source: number }[] = [];
  const stack: { kind: 'frame' | 'rect' | 'box'; source: number }[] = [];
  let sourceCount = 0;
  /** Source index → the step it appears with. */
  const stepOfBlock = new Map<number, number>();
  const frameEnds: number[] = [];
  const rectEnds: number[] = [];

  for (const statement of readSequence(text)) {
    if (statement.kind === 'open') {
      const kind =
        statement.keyword === 'box' ? 'box' : statement.keyword === 'rect' ? 'rect' : 'frame';
      const block = { kind, source: sourceCount++ } as const;
      stack.push(block);
      if (block.kind !== 'box') opened.push({ kind: block.kind, source: block.source });
    } else if (statement.kind === 'end') {
      const block = stack.pop();
      if (block?.kind === 'frame') frameEnds.push(block.source);
      else if (block?.kind === 'rect') rectEnds.push(block.source);
    } else if (statement.kind === 'note') {
      notes.push(noteCount++);
    } else if (statement.kind === 'message') {
      const index = steps.length;
      for (const block of opened) stepOfBlock.set(block.source, index);
      steps.push({ line: statement.line, notes, frames: [], rects: [] });
      notes = [];
      opened = [];
    }
  }
  const last = steps.at(-1);
  if (!last) return [];
  last.notes.push(...notes);
  for (const block of opened) stepOfBlock.set(block.source, steps.length - 1);
  // mermaid draws a block when it ends; a block never ended is not drawn.
  frameEnds.forEach((source, drawn) => {
    steps[stepOfBlock.get(source) ?? 0]?.frames.push(drawn);
  });
  rectEnds.forEach((source, ended) => {
    steps[stepOfBlock.get(source) ?? 0]?.rects.push(rectEnds.length - 1 - ended);
  });
  return steps;
}

/**
 * A requested step (1-based, as people count) as an index into `count` steps: not a whole
 * number, or below 1, starts at the first step; beyond the last shows the last.
 */
export function clampStep(requested: number, count: number): number {
  if (count === 0) return 0;
  if (!Number.isSafeInteger(requested) || requested < 1) return 0;
  return Math.min(requested, count) - 1;
}
